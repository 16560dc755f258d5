import CnblogsClient
import Foundation
import Testing

/// What libxml2 and a browser read differently — comments inside raw-text elements, elements the
/// browser reads as raw text — and what takes an element out of the page's flow: the sanitizer
/// leaves none of it in a page.
@Suite struct ArticleHTMLRawTextTests {
    @Test(
        "a comment inside a raw-text element cannot smuggle markup out of it",
        arguments: ["textarea", "title", "xmp", "noembed", "noframes", "noscript", "iframe", "template", "plaintext"])
    func commentBreakout(element: String) {
        let html =
            "a<\(element)><!--</\(element)><img src=x onerror=alert(1)><meta http-equiv=refresh content=0>-->"
            + "</\(element)>b"
        let page = ArticleHTML.sanitized(html)
        #expect(page == "ab" || (element == "plaintext" && page == "a"), "\(page)")
        #expect(!page.contains("<img") && !page.contains("<meta") && !page.contains("<!--"))
    }

    @Test(
        "elements a browser reads as raw text or keeps out of the page are dropped with their contents",
        arguments: [
            "a<textarea>t<b>x</b></textarea>b", "a<title>t</title>b", "a<xmp><b>x</b></xmp>b",
            "a<template><img src=x onerror=alert(1)></template>b", "a<dialog open><p>over the page</p></dialog>b",
            "a<iframe srcdoc=\"<script>x()</script>\"></iframe>b", "a<portal src=\"https://a.com/\"></portal>b",
            "a<fencedframe></fencedframe>b",
        ])
    func droppedSubtrees(html: String) {
        #expect(ArticleHTML.sanitized(html) == "ab")
    }

    @Test("comments are dropped, the text around them kept")
    func comments() {
        #expect(ArticleHTML.sanitized("a<!--c-->b") == "ab")
        #expect(ArticleHTML.sanitized("<p>x<!-- <script>y()</script> -->z</p>") == "<p>xz</p>")
        #expect(ArticleHTML.sanitized("<p>x<!-->y-->z</p>") == "<p>xz</p>")
    }

    @Test(
        "attributes that open pop-ups, fetch in the background or override the page's referrer policy are dropped",
        arguments: [
            ("<div popover id=\"p\">x</div>", "<div id=\"p\">x</div>"),
            ("<button popovertarget=\"p\" popovertargetaction=\"show\">b</button>", "<button>b</button>"),
            ("<button commandfor=\"d\" command=\"show-modal\">b</button>", "<button>b</button>"),
            (
                "<a href=\"https://a.com/\" attributionsrc=\"https://t.example/\">x</a>",
                "<a href=\"https://a.com/\">x</a>"
            ),
            ("<img src=\"https://a.com/a.png\" referrerpolicy=\"unsafe-url\">", "<img src=\"https://a.com/a.png\">"),
            ("<a href=\"https://a.com/\" interestfor=\"p\">x</a>", "<a href=\"https://a.com/\">x</a>"),
        ])
    func droppedAttributes(html: String, expected: String) {
        #expect(ArticleHTML.sanitized(html) == expected)
    }

    @Test(
        "styles that move an element over the page, prefixed or not, are dropped",
        arguments: [
            "-webkit-transform: translateY(-400px)", "-moz-transform: scale(9)", "scale: 40", "rotate: 180deg",
            "offset-path: path('M0 0 L0 -900')", "offset-distance: 100%", "zoom: 30", "-webkit-position: fixed",
            "position-anchor: --a", "inset-block-start: 0",
        ])
    func movingStyles(declaration: String) {
        #expect(
            ArticleHTML.sanitized("<p style=\"\(declaration); color: red\">x</p>") == "<p style=\"color: red\">x</p>")
    }
}
