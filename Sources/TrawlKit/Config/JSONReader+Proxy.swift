import Foundation
import TrawlJSON

extension JSONReader {
    /// A `"proxy"` value: an address of `ProxyAddress.schemes`, its user and password only
    /// as `${VARIABLE}`s, since a configuration file is copied around and kept in git.
    func proxy(_ node: JSONValue?, at path: String) -> ProxyAddress? {
        guard let node, let text = string(node, at: path) else { return nil }
        if case .string(let raw) = node.content, let userinfo = Self.userinfo(of: raw), !userinfo.contains("${") {
            problem(
                path, "write the proxy's user and password as ${VARIABLE}s, so the secret stays in the environment",
                at: node)
            return nil
        }
        // A cache-reading command leaves an unset `${PROXY}` as `unset-PROXY`: no matter there.
        if expansion.toleratesUnset, !text.contains("://") { return nil }
        guard let proxy = ProxyAddress(text) else {
            let shown = ProxyAddress.redactingUserinfo(of: text)
            problem(
                path,
                "'\(shown)' is not a proxy address: one of \(ProxyAddress.schemes.map { "\($0)://" }.joined(separator: ", ")) then host:port",
                at: node)
            return nil
        }
        return proxy
    }

    /// What comes between `//` and `@` in an address, if anything.
    private static func userinfo(of text: String) -> Substring? {
        guard let start = text.range(of: "://")?.upperBound else { return nil }
        let rest = text[start...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        return authority[..<at]
    }
}

extension ProxyAddress {
    /// `text` with whatever stands between `//` and `@` put as `***`: an address that could
    /// not be read may still hold a password.
    static func redactingUserinfo(of text: String) -> String {
        guard let start = text.range(of: "://")?.upperBound, let at = text[start...].lastIndex(of: "@") else {
            return text
        }
        return String(text[..<start]) + "***" + String(text[at...])
    }
}
