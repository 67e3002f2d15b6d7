import Foundation

/// A proxy requests go through (`"proxy"` in `fetch` or on a source): `http://`,
/// `https://`, `socks5://` (names resolved here) or `socks5h://` (names resolved by the
/// proxy), with a user and password only as `${VARIABLE}`s from the environment.
///
/// Its credentials are secret: it prints as `scheme://host:port` (a user shown as `***`),
/// so neither a log line, an error, the cache (a source's fingerprint) nor the site ever
/// holds them, and `redacting(_:)` takes them out of text a library wrote (curl's errors).
public struct ProxyAddress: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The schemes a proxy may have.
    public static let schemes = ["http", "https", "socks5", "socks5h"]

    /// The scheme, lowercased.
    public let scheme: String
    /// The proxy's host (an IPv6 address without brackets).
    public let host: String
    /// The port: given, else the scheme's (80, 443, 1080).
    public let port: Int
    /// The user and password, percent-decoded, when given.
    public let credentials: Credentials?

    /// The proxy `text` names, or nil when it is not an address of one of `schemes`.
    public init?(_ text: String) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            Self.schemes.contains(scheme), let host = components.host, !host.isEmpty,
            components.path.isEmpty || components.path == "/", components.query == nil
        else { return nil }
        self.scheme = scheme
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? ["http": 80, "https": 443][scheme] ?? 1080
        if let user = components.user {
            credentials = Credentials(user: user, password: components.password ?? "")
        } else {
            credentials = nil
        }
    }

    /// `host:port`, with an IPv6 address in brackets.
    private var authority: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    /// The address libcurl is given (`CURLOPT_PROXY`), credentials apart
    /// (`CURLOPT_PROXYUSERNAME`, `CURLOPT_PROXYPASSWORD`), so none of them is escaped twice.
    var curlAddress: String { "\(scheme)://\(authority)" }

    /// Chromium's `--proxy-server` value. Chromium has no `socks5h`: its `socks5` always
    /// lets the proxy resolve names, which is what `socks5h` asks for.
    var chromiumServer: String {
        "\(scheme == "socks5h" ? "socks5" : scheme)://\(authority)"
    }

    /// `text` with the user and password (as given and percent-encoded) put as `***`.
    public func redacting(_ text: String) -> String {
        guard let credentials else { return text }
        var text = text
        for secret in [credentials.password, credentials.user] where !secret.isEmpty {
            let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret
            text = text.replacingOccurrences(of: secret, with: "***")
                .replacingOccurrences(of: encoded, with: "***")
        }
        return text
    }

    public var description: String { "\(scheme)://\(credentials == nil ? "" : "***@")\(authority)" }
    public var debugDescription: String { description }
}
