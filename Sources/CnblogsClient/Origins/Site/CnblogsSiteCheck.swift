import BasicNetworking
import BasicXML
import Foundation

/// What every answer of the site is checked for before it is decoded: the errors a user meets
/// live (a login redirect, 403, 429, 404) and, in a page without the expected element, a captcha
/// or login page instead of a changed layout.
enum CnblogsSiteCheck {
    /// Throws the error `response` stands for, or returns for a 2xx answer that is not a login page.
    ///
    /// - Parameters:
    ///   - url: the address asked for (the answer may come from another, after redirects).
    ///   - notFound: what was asked for, when a 404 means it does not exist.
    static func check(_ response: Response, url: String, notFound: String?) throws(CnblogsError) {
        if let location = loginLocation(of: response) {
            throw .loginRedirect(url: url, location: location)
        }
        switch response.status {
        case 200..<300:
            return
        case 403:
            throw .blocked(url: url, reason: "HTTP 403")
        case 404 where notFound != nil:
            throw .notFound(what: notFound ?? "", url: url)
        case 429:
            throw .rateLimited(url: url, retryAfterSeconds: retryAfterSeconds(response))
        default:
            throw .network(
                .httpStatus(url: url, status: response.status, bodyExcerpt: NetworkError.excerpt(response.body)))
        }
    }

    /// The login page a response leads to: the address it ended at after redirects, or the
    /// `Location` of a redirect not followed (a replayed one); nil when it leads elsewhere.
    static func loginLocation(of response: Response) -> String? {
        if isLoginPage(response.url) { return response.url.absoluteString }
        if (300..<400).contains(response.status), let location = response.header("Location"),
            let target = URL(string: location, relativeTo: response.url), isLoginPage(target)
        {
            return target.absoluteString
        }
        return nil
    }

    /// Whether `url` is cnblogs' sign-in page (account.cnblogs.com, passport.cnblogs.com, a
    /// `/signin` or `/login` path on a cnblogs host).
    static func isLoginPage(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        if host == "account.cnblogs.com" || host == "passport.cnblogs.com" { return true }
        let path = url.path.lowercased()
        return host.hasSuffix("cnblogs.com") && (path.contains("/signin") || path.contains("/login"))
    }

    /// `Retry-After` in seconds: a number, or an HTTP date counted from now.
    static func retryAfterSeconds(_ response: Response, now: Date = Date()) -> Int? {
        // Capped at a year, which an Int holds whatever the header says.
        response.retryAfter(now: now).map { Int(min($0, 365 * 86_400).rounded(.up)) }
    }

    /// Whether a body is an HTML page: its type says so, or it starts with `<!DOCTYPE html` or `<html`.
    static func isHTML(_ response: Response) -> Bool {
        if response.header("Content-Type")?.lowercased().contains("html") == true { return true }
        let start = String(decoding: response.body.prefix(512), as: UTF8.self)
            .drop { $0.isWhitespace || $0 == "\u{FEFF}" }.prefix(14).lowercased()
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }

    /// The error for a page (or what should have been a feed) that is not what was expected:
    /// a captcha page, a sign-in form, else `otherwise`.
    static func unexpectedPage(_ page: HTMLElement, url: String, otherwise: CnblogsError) -> CnblogsError {
        if isChallenge(page) { return .blocked(url: url, reason: "a captcha page") }
        if hasSignInForm(page) { return .loginRedirect(url: url, location: "a sign-in form on the page itself") }
        return otherwise
    }

    /// Whether a page is a captcha or bot check: its title says 验证 (verify), 人机 or captcha, or
    /// an element's id, class or source names a captcha.
    static func isChallenge(_ page: HTMLElement) -> Bool {
        let title = page.firstDescendant { $0.name == "title" }?.collapsedText.lowercased() ?? ""
        if title.contains("验证") || title.contains("人机") || title.contains("captcha") { return true }
        return page.firstDescendant { element in
            ["id", "class", "src"].contains { element[$0]?.lowercased().contains("captcha") == true }
        } != nil
    }

    /// Whether a page holds a form with a password field: a sign-in page served without a redirect.
    static func hasSignInForm(_ page: HTMLElement) -> Bool {
        page.firstDescendant { $0.name == "input" && $0["type"]?.lowercased() == "password" } != nil
    }

    /// The page `data` parsed as an HTML document.
    static func document(_ data: Data) -> HTMLElement {
        // libxml2's HTML parser recovers from anything; it throws only for 2 GiB or more, or
        // out of memory, and then there is no page to read either.
        (try? HTMLNode.parseDocument(String(decoding: data, as: UTF8.self))) ?? HTMLElement(name: "html")
    }
}
