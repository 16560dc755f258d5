import Foundation
import TestSupport
import Testing

/// Headless Chromium for the page tests: finds the browser, loads pages into 375-px-wide
/// frames of a harness page, and reads back what a script measured in them.
///
/// Why a harness and not `--window-size=375,…`: new headless Chromium has a minimum window
/// width, and a page opened with `--window-size=375,800 --dump-dom` reports `innerWidth` 500
/// (Chromium 156). An `<iframe style="width:375px">` gives the page inside it a true 375-px
/// viewport (its `innerWidth` and media queries see 375). The measuring script runs in the
/// harness (the parent frame), because the article's Content-Security-Policy forbids scripts
/// in the article itself; the article is measured as rendered, policy and all. Pages opened
/// from `file://` are each a unique origin, so the parent may read the frame's DOM only with
/// `--allow-file-access-from-files`. The script writes its verdict into the harness's DOM
/// (percent-encoded JSON in `<pre id="verdict">`) in the harness's `load` handler, which runs
/// after every frame has loaded and before `--dump-dom` prints the DOM.
struct HeadlessChromium: Sendable {
    /// The browser executable.
    let executable: URL

    /// The first of `BSL_CHROMIUM`, `chromium`, `chromium-browser` and `google-chrome` (on `PATH`) that exists.
    static let installed: HeadlessChromium? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["BSL_CHROMIUM"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path)
                ? HeadlessChromium(executable: URL(fileURLWithPath: path)) : nil
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in folders {
                let path = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) {
                    return HeadlessChromium(executable: URL(fileURLWithPath: path))
                }
            }
        }
        return nil
    }()

    /// Why the browser tests are skipped when ``installed`` is nil.
    static let missingMessage = Comment(
        rawValue: "headless Chromium not found (BSL_CHROMIUM, chromium, chromium-browser or google-chrome on PATH): "
            + "install it with `apt-get install chromium`, or set BSL_CHROMIUM to the browser, to run the page-width tests"
    )

    /// The width of a phone's viewport the pages are measured at.
    static let viewportWidth = 375

    /// Loads each of `pages` (files in `folder`) into a frame ``viewportWidth`` wide and returns
    /// what was measured in each, by page name. `flags` are added to the browser's command line.
    ///
    /// - Throws: ``TestSupportError`` when the browser fails, does not end within two minutes or
    ///   prints no verdict.
    func measure(pages: [String], in folder: URL, flags: [String] = []) async throws -> [String: PageMeasurement] {
        let json = try await verdict(of: Self.harness(pages: pages), in: folder, flags: flags)
        let verdict: HarnessVerdict
        do {
            verdict = try JSONDecoder().decode(HarnessVerdict.self, from: Data(json.utf8))
        } catch {
            throw TestSupportError("the harness's verdict is not what was expected (\(error)): \(json.prefix(600))")
        }
        if let error = verdict.error { throw TestSupportError("the measuring script failed: \(error)") }
        return Dictionary(verdict.pages.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Opens `harness` (written into `folder`) and returns the JSON its script left, percent-encoded,
    /// in `<pre id="verdict">`.
    ///
    /// - Throws: ``TestSupportError`` when the browser fails, does not end within two minutes or
    ///   prints no verdict.
    func verdict(of harness: String, in folder: URL, flags: [String] = []) async throws -> String {
        let harnessFile = folder.appendingPathComponent("harness-\(UUID().uuidString).html")
        try harness.write(to: harnessFile, atomically: true, encoding: .utf8)
        let profile = folder.appendingPathComponent("profile-\(UUID().uuidString)", isDirectory: true)
        let arguments =
            [
                // Running as root (as CI does) needs --no-sandbox; a fresh profile keeps runs apart.
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--user-data-dir=\(profile.path)",
                "--allow-file-access-from-files", "--window-size=800,1000",
            ] + flags + ["--dump-dom", harnessFile.absoluteString]
        let result = try await ProcessRunner.run(executable, arguments, timeout: 120)
        let tail = result.standardError.split(separator: "\n").suffix(8).joined(separator: "\n")
        guard result.status == 0 else {
            throw TestSupportError("\(executable.path) exited with status \(result.status); its last words:\n\(tail)")
        }
        let dom = result.standardOutput
        guard let start = dom.range(of: "<pre id=\"verdict\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
            let json = String(dom[start.upperBound..<end.lowerBound]).removingPercentEncoding, !json.isEmpty
        else {
            throw TestSupportError(
                "the harness printed no verdict; the DOM began:\n\(dom.prefix(600))\nstderr:\n\(tail)")
        }
        return json
    }

    /// The harness page: one frame per page, and the script that measures them.
    static func harness(pages: [String]) -> String {
        let frames = pages.map { name in
            """
            <iframe data-name="\(name)" src="\(name)"
              style="display:block;width:\(viewportWidth)px;height:800px;border:0;margin:0 0 8px"></iframe>
            """
        }
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>harness</title></head>
            <body style="margin:0">
            \(frames.joined(separator: "\n"))
            <pre id="verdict"></pre>
            <script>
            \(measuringScript)
            </script>
            </body></html>
            """
    }

    /// Measures every frame once everything has loaded. An element overflows when its box
    /// reaches past the left or right edge of the layout viewport (`clientWidth`: the
    /// viewport less a classic scrollbar, stricter than `innerWidth`); elements inside a scrolling box
    /// (`overflow-x` auto, scroll or hidden) may overflow it, so only the scroller's own box
    /// is measured, not its content.
    static let measuringScript = """
        function describe(e) {
          var name = e.tagName.toLowerCase();
          if (e.id) name += '#' + e.id;
          if (typeof e.className === 'string' && e.className.trim()) {
            name += '.' + e.className.trim().split(/\\s+/).join('.');
          }
          return name;
        }
        function scrolls(w, e) {
          var o = w.getComputedStyle(e).overflowX;
          return o === 'auto' || o === 'scroll' || o === 'hidden';
        }
        function insideScroller(w, d, e) {
          for (var p = e.parentElement; p && p !== d.body && p !== d.documentElement; p = p.parentElement) {
            if (scrolls(w, p)) return true;
          }
          return false;
        }
        function measure(frame) {
          // The layout width: the viewport less a classic scrollbar where there is one (15 px here).
          var w = frame.contentWindow, d = frame.contentDocument, width = d.documentElement.clientWidth;
          var result = {
            name: frame.getAttribute('data-name'), innerWidth: w.innerWidth, clientWidth: width,
            scrollWidth: d.documentElement.scrollWidth,
            bodyScrollWidth: d.body.scrollWidth, offenders: [], scrollers: [], images: [],
            scripted: d.documentElement.hasAttribute('data-scripted'),
            prefersDark: w.matchMedia('(prefers-color-scheme: dark)').matches,
            background: w.getComputedStyle(d.body).backgroundColor, color: w.getComputedStyle(d.body).color
          };
          var elements = [d.body].concat(Array.prototype.slice.call(d.body.querySelectorAll('*')));
          elements.forEach(function (e) {
            if (insideScroller(w, d, e)) return;
            var r = e.getBoundingClientRect();
            if (r.width === 0 && r.height === 0) return;
            if (r.right > width + 0.5 || r.left < -0.5) {
              result.offenders.push({ element: describe(e), left: r.left, right: r.right });
            }
            if (e !== d.body && scrolls(w, e)) {
              result.scrollers.push({
                element: describe(e), right: r.right, clientWidth: e.clientWidth, scrollWidth: e.scrollWidth
              });
            }
          });
          Array.prototype.forEach.call(d.images, function (img) {
            result.images.push({
              element: describe(img), naturalWidth: img.naturalWidth, width: img.getBoundingClientRect().width
            });
          });
          return result;
        }
        window.addEventListener('load', function () {
          var verdict = { pages: [] };
          try {
            Array.prototype.forEach.call(document.querySelectorAll('iframe'), function (frame) {
              verdict.pages.push(measure(frame));
            });
          } catch (e) {
            verdict.error = String(e);
          }
          document.getElementById('verdict').textContent = encodeURIComponent(JSON.stringify(verdict));
        });
        """
}

/// What the harness measured in every frame.
struct HarnessVerdict: Decodable {
    var pages: [PageMeasurement]
    var error: String?
}

/// What the harness measured in one page, at the frame's width.
struct PageMeasurement: Decodable, Sendable {
    /// A box that reaches past the viewport.
    struct Box: Decodable, Sendable, CustomStringConvertible {
        var element: String
        var left: Double
        var right: Double
        var description: String { "\(element) [\(left), \(right)]" }
    }

    /// A box that scrolls sideways.
    struct Scroller: Decodable, Sendable {
        var element: String
        var right: Double
        var clientWidth: Double
        var scrollWidth: Double
    }

    /// An image and the width it was drawn at.
    struct Image: Decodable, Sendable {
        var element: String
        var naturalWidth: Double
        var width: Double
    }

    var name: String
    /// The viewport's width, scrollbar included.
    var innerWidth: Double
    /// The layout viewport's width: ``innerWidth`` less a classic scrollbar.
    var clientWidth: Double
    var scrollWidth: Double
    var bodyScrollWidth: Double
    var offenders: [Box]
    var scrollers: [Scroller]
    var images: [Image]
    /// Whether a script in the page ran (the hostile body's script sets `data-scripted`).
    var scripted: Bool
    var prefersDark: Bool
    var background: String
    var color: String
}
