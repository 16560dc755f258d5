/// Hostile article bodies, written for this project in the shapes that public collections of
/// XSS vectors document (raw-text breakouts, mutation XSS, namespace confusion, obfuscated
/// script URLs, meta refresh, remote style loads, overlays, `<base>`, srcset and friends).
///
/// In a template, `{JS}` stands for a script that marks the page (it sets `data-scripted` on the
/// root element, which the browser harness reads) and `{URL}` for a URL on the local test server
/// that counts each request, so a vector that runs, loads or redirects anything is caught. A
/// template may extend `{URL}` (`{URL}/css`), so the URL must count whatever is appended to it.
struct XSSVector: Sendable, CustomStringConvertible {
    var name: String
    var template: String

    /// The script a vector runs if it gets the chance: it marks the document. No spaces, so
    /// that it survives unquoted attributes.
    static let marker = "document.documentElement.setAttribute('data-scripted','1')"

    /// The vector's HTML with its script and `url`, which a vector may extend (`{URL}/css`).
    func html(url: String) -> String {
        template.replacing("{JS}", with: Self.marker).replacing("{URL}", with: url)
    }

    var description: String { name }

    init(_ name: String, _ template: String) {
        self.name = name
        self.template = template
    }

    /// The payload that every breakout below tries to bring to life.
    static let payload =
        "<img src=x onerror=\"{JS}\"><meta http-equiv=\"refresh\" content=\"0;url={URL}\">"
        + "<style>@import url({URL}/css);</style><link rel=\"stylesheet\" href=\"{URL}/link\">"
        + "<div style=\"position:fixed;top:0;left:0;width:100%;height:100%;background:red\">covered</div>"

    static let all: [XSSVector] = rawTextBreakouts + mutations + loads + scriptURLs + overlays + handlers

    /// A comment (or an attribute) that libxml2 reads inside a raw-text element, and a browser
    /// reads as text that ends the element.
    static let rawTextBreakouts: [XSSVector] =
        ["textarea", "title", "xmp", "noembed", "noframes", "noscript", "iframe", "style", "script", "plaintext"].map {
            XSSVector("comment-in-\($0)", "a<\($0)><!--</\($0)>\(payload)--></\($0)>b")
        } + [
            XSSVector("attribute-in-textarea", "<textarea><a title=\"</textarea>\(payload)\"></a></textarea>"),
            XSSVector("attribute-in-title", "<title><b title=\"</title>\(payload)\">t</b></title>"),
            XSSVector("attribute-in-noscript", "<noscript><p title=\"</noscript>\(payload)\"></p></noscript>"),
            XSSVector("style-in-noscript", "<noscript><style></noscript>\(payload)</style>"),
            XSSVector("empty-comment", "<!-->\(payload)-->"),
            XSSVector("dash-comment", "<!--->\(payload)-->"),
            XSSVector("bang-comment", "<!-- --!>\(payload) -->"),
            XSSVector("cdata-in-html", "<![CDATA[>\(payload)]]>"),
            XSSVector("processing-instruction", "<?xml >\(payload)?>"),
            XSSVector("bogus-comment", "<!x>\(payload)<!x>"),
            XSSVector(
                "textarea-in-table",
                "<table><tr><td><textarea><!--</textarea>\(payload)--></textarea></td></tr></table>"),
            XSSVector("title-in-select", "<select><option><title><!--</title>\(payload)--></title></option></select>"),
        ]

    /// Markup that a browser's tree builder rearranges (mXSS) or reads in another namespace.
    static let mutations: [XSSVector] = [
        XSSVector("svg-p-style", "<svg><p><style><img src=x onerror=\"{JS}\"></style></p></svg>"),
        XSSVector(
            "math-mglyph-style",
            "<math><mtext><table><mglyph><style><!--</style><img title=\"--&gt;&lt;img src=1 onerror={JS}&gt;\">"),
        XSSVector("svg-end-p-style", "<svg></p><style><a id=\"</style><img src=1 onerror={JS}>\">"),
        XSSVector("form-math-mglyph", "<form><math><mtext></form><form><mglyph><style></math><img src onerror={JS}>"),
        XSSVector("svg-cdata-image", "<svg><![CDATA[><image xlink:href=\"]]><img src=x onerror={JS}//\"></svg>"),
        XSSVector(
            "annotation-xml", "<math><annotation-xml encoding=\"text/html\"><style><img src=x onerror=\"{JS}\"></style>"
        ),
        XSSVector("svg-script", "<svg><script>{JS}</script></svg>"),
        XSSVector(
            "svg-onload", "<svg onload=\"{JS}\"><animate onbegin=\"{JS}\" attributeName=x dur=1s></animate></svg>"),
        XSSVector(
            "svg-set-href", "<svg><a><set attributeName=\"href\" to=\"javascript:{JS}\"/><text y=20>t</text></a></svg>"),
        XSSVector("math-href", "<math href=\"javascript:{JS}\">x</math>"),
        XSSVector("prefixed-script", "<svg:script>{JS}</svg:script><o:script>{JS}</o:script>"),
        XSSVector("prefixed-style", "<x:style>p{background:url({URL})}</x:style><o:p style=\"position:fixed\">w</o:p>"),
        XSSVector("colon-tags", "<d::<img src=x onerror=\"{JS}\">"),
        XSSVector("listing", "<listing>&lt;img src=x onerror=\"{JS}\"&gt;</listing>"),
        XSSVector("select-template-style", "<select><template><style>@import '{URL}';</style></template></select>"),
        XSSVector(
            "template-content", "<template><img src=x onerror=\"{JS}\"><style>@import '{URL}';</style></template>"),
        XSSVector("nested-a", "<a href=\"#\" id=\"</a><img src=x onerror={JS}>\">x</a>"),
        XSSVector("nul-in-tag", "<scr\u{0}ipt>{JS}</scr\u{0}ipt><img src=x o\u{0}nerror=\"{JS}\">"),
        XSSVector("control-reference", "<a href=\"java&#1;script:{JS}\">x</a><a href=\"jav&#0;ascript:{JS}\">y</a>"),
        XSSVector("c1-reference", "<a href=\"java&#150;script:{JS}\">x</a><p>&#128;&#147;</p>"),
        XSSVector("deep-nesting", String(repeating: "<div>", count: 600) + "<img src=x onerror=\"{JS}\">"),
        XSSVector(
            "attribute-flood",
            "<img " + (0..<400).map { "a\($0)=1" }.joined(separator: " ") + " onerror=\"{JS}\" src=x>"),
    ]

    /// Elements and attributes that load something from elsewhere.
    static let loads: [XSSVector] = [
        XSSVector("meta-refresh", "<meta http-equiv=\"refresh\" content=\"0;url={URL}\">"),
        XSSVector("meta-refresh-in-p", "<p><meta http-equiv=refresh content=\"0; URL='{URL}'\">x</p>"),
        XSSVector("base", "<base href=\"{URL}/base/\"><img src=\"a.png\"><a href=\"b\">b</a>"),
        XSSVector("style-import", "<style>@import url(\"{URL}/import\");p{background:url({URL}/bg)}</style><p>x</p>"),
        XSSVector("link-stylesheet", "<link rel=\"stylesheet\" href=\"{URL}/css\"><link rel=prefetch href={URL}/pre>"),
        XSSVector("link-preload", "<link rel=preload as=image href=\"{URL}\"><link rel=icon href=\"{URL}/icon\">"),
        XSSVector("style-url", "<div style=\"background:url({URL})\">x</div>"),
        XSSVector("style-escaped-url", "<div style=\"background-image:u\\72l({URL})\">x</div>"),
        XSSVector("style-entity-url", "<div style=\"background:url&#40;{URL}&#41;\">x</div>"),
        XSSVector("style-image-set", "<div style=\"background:image-set('{URL}' 1x)\">x</div>"),
        XSSVector(
            "style-list-cursor",
            "<ul style=\"list-style:url({URL})\"><li style=\"cursor:url({URL}/c),auto\">x</li></ul>"),
        XSSVector("style-border-mask", "<div style=\"border-image:url({URL}) 30;mask:url({URL}/m)\">x</div>"),
        XSSVector("style-variable", "<div style=\"--x:url({URL});background:var(--x)\">x</div>"),
        XSSVector("style-comment", "<div style=\"background:u/**/rl({URL})\">x</div>"),
        XSSVector("object-embed", "<object data=\"{URL}/o\"></object><embed src=\"{URL}/e\">"),
        XSSVector("iframe-frame", "<iframe src=\"{URL}/i\"></iframe><frameset><frame src=\"{URL}/f\"></frameset>"),
        XSSVector("portal-applet", "<portal src=\"{URL}/p\"></portal><applet code=x codebase=\"{URL}/a\"></applet>"),
        XSSVector("srcset", "<img srcset=\"{URL}/s 2x\"><picture><source srcset=\"{URL}/p\"><img></picture>"),
        XSSVector("ping-attributionsrc", "<a ping=\"{URL}/ping\" attributionsrc=\"{URL}/a\" href=\"#t\">t</a>"),
        XSSVector(
            "img-attributionsrc",
            "<img attributionsrc=\"{URL}/img\" src=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\">"),
        XSSVector("svg-use", "<svg><use href=\"{URL}/use#a\"/><image href=\"{URL}/image\"/></svg>"),
        XSSVector("link-in-svg", "<svg><style>@import '{URL}/svg-style';</style></svg>"),
        XSSVector("form-action", "<form action=\"{URL}/form\"><input type=submit autofocus></form>"),
    ]

    /// Script and data URLs, plain and disguised with references, white space and controls.
    static let scriptURLs: [XSSVector] = [
        XSSVector("javascript-href", "<a href=\"javascript:{JS}\">x</a>"),
        XSSVector("mixed-case-space", "<a href=\" JaVaScRiPt:{JS}\">x</a>"),
        XSSVector("tab-reference", "<a href=\"java&#x09;script:{JS}\">x</a><a href=\"java&#10;script:{JS}\">y</a>"),
        XSSVector(
            "decimal-references",
            "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;{JS}\">x</a>"),
        XSSVector(
            "padded-references",
            "<a href=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058{JS}\">x</a>"
        ),
        XSSVector("hex-references", "<a href=\"&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A{JS}\">x</a>"),
        XSSVector("named-colon", "<a href=\"javascript&colon;{JS}\">x</a><a href=\"javascript&#58;{JS}\">y</a>"),
        XSSVector("raw-control", "<a href=\"\u{1}javascript:{JS}\">x</a><a href=\"&#14;javascript:{JS}\">y</a>"),
        XSSVector("vbscript", "<a href=\"vbscript:msgbox(1)\">x</a>"),
        XSSVector("data-html", "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>"),
        XSSVector("data-html-upper", "<a href=\"DATA:text/html,&lt;script&gt;{JS}&lt;/script&gt;\">x</a>"),
        XSSVector("xlink-href", "<a xlink:href=\"javascript:{JS}\">x</a>"),
        XSSVector("poster", "<video poster=\"javascript:{JS}\"><source src=\"javascript:{JS}\"></video>"),
        XSSVector(
            "formaction", "<button formaction=\"javascript:{JS}\">b</button><input type=image src=\"javascript:{JS}\">"),
        XSSVector("area-href", "<map name=m><area href=\"javascript:{JS}\" shape=rect coords=0,0,9,9></map>"),
        XSSVector("img-src-javascript", "<img src=\"javascript:{JS}\"><img src=\" jav\tascript:{JS}\">"),
        XSSVector(
            "svg-data-image",
            "<img src=\"data:image/svg+xml,&lt;svg xmlns='http://www.w3.org/2000/svg' onload='{JS}'/&gt;\">"),
        XSSVector(
            "background-attr",
            "<table background=\"javascript:{JS}\"><tr><td background=\"vbscript:x\">t</td></tr></table>"),
    ]

    /// What takes an element out of the page's flow to lay it over the page.
    static let overlays: [XSSVector] = [
        XSSVector("fixed", "<div style=\"position:fixed;top:0;left:0;width:100%;height:100%;background:red\">w</div>"),
        XSSVector("absolute-spaced", "<div style=\"POSITION : absolute;inset:0;background:red\">w</div>"),
        XSSVector("position-reference", "<div style=\"pos&#x69;tion:fixed;inset:0\">w</div>"),
        XSSVector("position-escape", "<div style=\"position:fix\\ed;inset:0\">w</div>"),
        XSSVector("sticky", "<div style=\"position:sticky;top:0\">w</div>"),
        XSSVector("dialog", "<dialog open>over the page</dialog>"),
        XSSVector("popover", "<div popover id=\"p\" style=\"inset:0\">w</div><button popovertarget=\"p\">b</button>"),
        XSSVector(
            "transforms",
            "<div style=\"transform:translate(0,-500px)\">w</div><div style=\"-webkit-transform:scale(9)\">v</div>"),
        XSSVector("individual-transforms", "<div style=\"translate:0 -500px\">w</div><div style=\"scale:30\">v</div>"),
        XSSVector(
            "zoom-offset",
            "<div style=\"zoom:40\">w</div><div style=\"offset-path:path('M0 0 L0 -900');offset-distance:100%\">v</div>"
        ),
        XSSVector(
            "fixed-image",
            "<img style=\"position:fixed;width:100vw;height:100vh\" src=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\">"
        ),
        XSSVector("marquee-fixed", "<marquee style=\"position:fixed;inset:0\" onstart=\"{JS}\">w</marquee>"),
    ]

    /// Event handlers in the places a browser fires them without a click.
    static let handlers: [XSSVector] = [
        XSSVector("img-onerror", "<img src=x onerror=\"{JS}\">"),
        XSSVector("img-slashes", "<img/src=x/onerror=\"{JS}\">"),
        XSSVector("img-upper-unquoted", "<IMG SRC=x ONERROR={JS}>"),
        XSSVector("body-onload", "<body onload=\"{JS}\"><p>x</p>"),
        XSSVector("details-ontoggle", "<details open ontoggle=\"{JS}\"><summary>s</summary></details>"),
        XSSVector(
            "autofocus-onfocus", "<input autofocus onfocus=\"{JS}\"><select autofocus onfocus=\"{JS}\"></select>"),
        XSSVector(
            "video-source-onerror", "<video><source onerror=\"{JS}\"></video><audio src=x onerror=\"{JS}\"></audio>"),
        XSSVector("object-onerror", "<object data=x onerror=\"{JS}\"></object>"),
        XSSVector("style-onload", "<style onload=\"{JS}\"></style><link rel=stylesheet href=x onerror=\"{JS}\">"),
        XSSVector("iframe-srcdoc", "<iframe srcdoc=\"&lt;script&gt;parent.{JS}&lt;/script&gt;\"></iframe>"),
    ]
}
