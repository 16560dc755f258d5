import Foundation
import TestSupport
import Testing

extension Confinement {
    /// Skips the test unless this process may make a private mount namespace (root, unshare).
    static func requireMountNamespace() async throws {
        if let reason = await mountNamespaceUnavailable() { try Test.cancel(Comment(rawValue: reason)) }
    }

    /// Skips the test unless this process may run a child as another user (root, setpriv).
    static func requireOtherUser() async throws {
        if let reason = await otherUserUnavailable() { try Test.cancel(Comment(rawValue: reason)) }
    }
}
