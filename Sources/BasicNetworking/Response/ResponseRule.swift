import BasicCore
import Foundation

/// Decides whether a response is correct, as BasicServicesLib's `correct` flag did: the HTTP
/// status is in a range and, optionally, a key path of the JSON body holds a success code.
///
/// ```swift
/// // {"code":0,"data":{…}} is correct; {"code":401,"msg":"token expired"} throws
/// // NetworkError.server(url: …, code: 401, message: "token expired").
/// let rule = ResponseRule.successCode(at: "code", equals: 0, message: "msg")
/// let response = try await pool.send(Request(endpoint, rule: rule))
/// ```
public struct ResponseRule: Sendable {
    /// A key path that must hold one of the accepted values.
    public struct SuccessCode: Sendable {
        /// Where the code is: `code`, `status`, `meta.code`.
        public var keyPath: JSONKeyPath
        /// The values meaning success, compared leniently (`0` and `"0"` are the same).
        public var accepted: [JSONValue]

        /// A success code at a key path.
        public init(keyPath: JSONKeyPath, accepted: [JSONValue]) {
            self.keyPath = keyPath
            self.accepted = accepted
        }
    }

    /// The HTTP statuses that are correct.
    public var acceptedStatuses: ClosedRange<Int>
    /// The success code the body must hold, if any.
    public var successCode: SuccessCode?
    /// Where the server's error message is (BasicServicesLib's `responseErrorMessageKeyAddition`).
    public var messageKeyPath: JSONKeyPath?

    /// A rule from its parts.
    public init(
        acceptedStatuses: ClosedRange<Int> = 200...299, successCode: SuccessCode? = nil,
        messageKeyPath: JSONKeyPath? = nil
    ) {
        self.acceptedStatuses = acceptedStatuses
        self.successCode = successCode
        self.messageKeyPath = messageKeyPath
    }

    /// Any 2xx status is correct; the body is not looked at.
    public static let `default` = ResponseRule()

    /// Every status is correct: the caller looks at ``Response/status`` itself.
    public static let anyStatus = ResponseRule(acceptedStatuses: 100...599)

    /// A 2xx status and a success code at `codePath` (`"code"`, `"meta.status"`), with the
    /// server's message at `messagePath`. Text that is not a key path is taken as one key.
    public static func successCode(
        at codePath: String, equals accepted: JSONValue..., message messagePath: String? = nil
    )
        -> ResponseRule
    {
        ResponseRule(
            successCode: SuccessCode(keyPath: keyPath(codePath), accepted: accepted),
            messageKeyPath: messagePath.map(keyPath))
    }

    /// Checks a response.
    ///
    /// - Throws: ``NetworkError/httpStatus(url:status:bodyExcerpt:)`` for a status out of range;
    ///   ``NetworkError/server(url:code:message:)`` when the body's code is not a success code;
    ///   ``NetworkError/decodingFailed(url:keyPath:reason:bodyExcerpt:)`` when a success code is
    ///   required and the body is not JSON or has no code.
    public func validate(_ response: Response) throws(NetworkError) {
        // Spelled out only for an error: most responses pass.
        var url: String { response.url.absoluteString }
        guard acceptedStatuses.contains(response.status) else {
            throw .httpStatus(url: url, status: response.status, bodyExcerpt: NetworkError.excerpt(response.body))
        }
        guard let successCode else { return }
        let document = try response.json
        guard let code = document.value(at: successCode.keyPath) else {
            throw .decodingFailed(
                url: url, keyPath: successCode.keyPath.description, reason: "no success code there",
                bodyExcerpt: NetworkError.excerpt(response.body))
        }
        let isSuccess = successCode.accepted.contains { accepted in
            accepted == code || (accepted.asString != nil && accepted.asString == code.asString)
        }
        if !isSuccess {
            let message = messageKeyPath.flatMap { document.value(at: $0)?.asString }
            throw .server(url: url, code: code, message: message)
        }
    }

    private static func keyPath(_ text: String) -> JSONKeyPath {
        (try? JSONKeyPath(text)) ?? JSONKeyPath(components: [.key(text)])
    }
}
