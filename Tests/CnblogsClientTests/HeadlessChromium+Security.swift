import Foundation
import TestSupport
import Testing

/// What a hostile page did in headless Chromium: whether a script ran, whether it went
/// somewhere else, what it laid over the page and which script URLs it still holds. Loads are
/// counted by the test server, not here.
extension HeadlessChromium {
    /// Loads each of `pages` (files in `folder`) into a frame of a harness page, lets two seconds
    /// of (virtual) time pass so that refreshes and timers fire, and reports what each page did.
    ///
    /// - Throws: ``TestSupportError`` when the browser fails or prints no verdict.
    func inspect(pages: [String], in folder: URL) async throws -> [String: PageInspection] {
        let json = try await verdict(
            of: Self.inspectionHarness(pages: pages), in: folder, flags: ["--virtual-time-budget=15000"])
        struct Verdict: Decodable {
            var pages: [PageInspection]
            var error: String?
        }
        let verdict: Verdict
        do {
            verdict = try JSONDecoder().decode(Verdict.self, from: Data(json.utf8))
        } catch {
            throw TestSupportError(
                "the inspection harness's verdict is not what was expected (\(error)): \(json.prefix(600))")
        }
        if let error = verdict.error { throw TestSupportError("the inspecting script failed: \(error)") }
        return Dictionary(verdict.pages.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The harness: one frame per page, each counting its loads, and the inspecting script.
    static func inspectionHarness(pages: [String]) -> String {
        let frames = pages.map { name in
            """
            <iframe data-name="\(name)" src="\(name)" onload="this.dataset.loads = (+this.dataset.loads || 0) + 1"
              style="display:block;width:\(viewportWidth)px;height:700px;border:0;margin:0 0 8px"></iframe>
            """
        }
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>inspection harness</title></head>
            <body style="margin:0">
            \(frames.joined(separator: "\n"))
            <pre id="verdict"></pre>
            <script>
            \(inspectingScript)
            </script>
            </body></html>
            """
    }

    /// Inspects every frame two (virtual) seconds after the harness has loaded. A frame whose
    /// document is not the page it was given (another URL, or one the harness may not read) was
    /// redirected. Positioned elements are those whose computed `position` is fixed, absolute or
    /// sticky; top-layer ones are open modal dialogs and pop-ups. A script URL is any URL
    /// attribute that resolves to something but http, https, mailto, file (relative links of a
    /// saved page) and, for an `img`, a `data:image/` URI.
    static let inspectingScript = """
        function describe(e) {
          var name = e.tagName.toLowerCase();
          if (e.id) name += '#' + e.id;
          return name;
        }
        var urlAttributes = ['href', 'src', 'action', 'formaction', 'poster', 'data', 'background', 'cite',
          'xlink:href', 'codebase', 'srcset', 'ping', 'longdesc', 'lowsrc', 'dynsrc'];
        function inspect(frame) {
          var result = {
            name: frame.getAttribute('data-name'), loads: +frame.dataset.loads || 0, redirected: false,
            location: '', baseChanged: false, scripted: false, positioned: [], topLayer: [], scriptURLs: [],
            titleCovered: false, elementCount: 0
          };
          var expected = new URL(result.name, location.href).href, w, d;
          try {
            w = frame.contentWindow; d = frame.contentDocument; result.location = w.location.href;
          } catch (e) {
            result.redirected = true; result.location = String(e); return result;
          }
          if (!d || result.location !== expected) { result.redirected = true; return result; }
          result.baseChanged = d.baseURI !== expected;
          result.scripted = d.documentElement.hasAttribute('data-scripted');
          var elements = Array.prototype.slice.call(d.querySelectorAll('*'));
          result.elementCount = elements.length;
          elements.forEach(function (e) {
            var position = w.getComputedStyle(e).position;
            if (position === 'fixed' || position === 'absolute' || position === 'sticky') {
              result.positioned.push(describe(e) + ' ' + position);
            }
            ['modal', 'popover-open'].forEach(function (state) {
              try { if (e.matches(':' + state)) result.topLayer.push(describe(e) + ' :' + state); } catch (x) {}
            });
            urlAttributes.forEach(function (attribute) {
              var value = e.getAttribute(attribute);
              if (value === null) return;
              var url;
              try { url = new URL(value, d.baseURI); } catch (x) { return; }
              var image = e.tagName === 'IMG' && attribute === 'src' && url.protocol === 'data:'
                && /^\\s*data:image\\//i.test(value);
              if (['http:', 'https:', 'mailto:', 'file:'].indexOf(url.protocol) < 0 && !image) {
                result.scriptURLs.push(describe(e) + ' ' + attribute + '=' + value);
              }
            });
          });
          var title = d.querySelector('h1.title');
          if (title) {
            var box = title.getBoundingClientRect();
            var top = d.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            result.titleCovered = !top || !(top === title || title.contains(top));
          }
          return result;
        }
        window.addEventListener('load', function () {
          setTimeout(function () {
            var verdict = { pages: [] };
            try {
              Array.prototype.forEach.call(document.querySelectorAll('iframe'), function (frame) {
                verdict.pages.push(inspect(frame));
              });
            } catch (e) {
              verdict.error = String(e);
            }
            document.getElementById('verdict').textContent = encodeURIComponent(JSON.stringify(verdict));
          }, 2000);
        });
        """
}

/// What the inspection harness saw in one page.
struct PageInspection: Decodable, Sendable {
    var name: String
    /// How many times the frame fired `load`: 1 for a page that stayed put.
    var loads: Int
    /// Whether the frame ended on another document than the page it was given.
    var redirected: Bool
    var location: String
    /// Whether the document's base URL is not its own (a `<base>` took effect).
    var baseChanged: Bool
    /// Whether a script in the page set the marker.
    var scripted: Bool
    var positioned: [String]
    var topLayer: [String]
    var scriptURLs: [String]
    /// Whether something else is drawn over the middle of the page's title.
    var titleCovered: Bool
    var elementCount: Int

    /// Everything that went wrong, for a failure message; empty for a page that did nothing.
    var problems: [String] {
        var problems: [String] = []
        if redirected || loads > 1 { problems.append("redirected to \(location) (\(loads) loads)") }
        if baseChanged { problems.append("its base URL changed") }
        if scripted { problems.append("a script ran") }
        if !positioned.isEmpty { problems.append("positioned: \(positioned)") }
        if !topLayer.isEmpty { problems.append("in the top layer: \(topLayer)") }
        if !scriptURLs.isEmpty { problems.append("script URLs: \(scriptURLs)") }
        if titleCovered { problems.append("the title is covered") }
        return problems
    }
}
