import Foundation

/// One cookie as a Netscape cookie file (curl's `-c`, yt-dlp's `--cookies`) holds it.
public struct Cookie: Sendable, Hashable, CustomStringConvertible {
    /// The host, lower-case, without a leading dot.
    public var domain: String
    /// Whether hosts under `domain` get it too (the file's second column, or a leading dot).
    public var includeSubdomains: Bool
    /// The path prefix it is sent under.
    public var path: String
    /// Sent over https only.
    public var secureOnly: Bool
    /// Seconds since 1970; nil for a session cookie.
    public var expires: Int64?
    /// The cookie's name.
    public var name: String
    /// The cookie's value; never printed.
    public var value: String

    /// A cookie as one line of a cookie file gives it.
    public init(
        domain: String, includeSubdomains: Bool = false, path: String = "/", secureOnly: Bool = false,
        expires: Int64? = nil, name: String, value: String
    ) {
        self.domain = domain.lowercased()
        self.includeSubdomains = includeSubdomains
        self.path = path
        self.secureOnly = secureOnly
        self.expires = expires
        self.name = name
        self.value = value
    }

    /// Whether a request to `url` carries this cookie (RFC 6265 §5.1.3–§5.1.4).
    func matches(_ url: URL, now: Date) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        if let expires, Double(expires) <= now.timeIntervalSince1970 { return false }
        if secureOnly && url.scheme?.lowercased() != "https" { return false }
        let hostMatches = host == domain || (includeSubdomains && host.hasSuffix("." + domain))
        guard hostMatches else { return false }
        let requestPath = url.path.isEmpty ? "/" : url.path
        guard requestPath.hasPrefix(path) else { return false }
        return path.hasSuffix("/") || requestPath.count == path.count
            || requestPath[requestPath.index(requestPath.startIndex, offsetBy: path.count)] == "/"
    }

    public var description: String { "Cookie(\(name) for \(domain))" }
}

/// Reads the Netscape cookie-file format: seven tab-separated columns per line (domain,
/// include subdomains, path, secure, expiry, name, value); `#` comments, except the
/// `#HttpOnly_` prefix curl writes before a domain.
enum CookieFile {
    struct Problem: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    static func parse(_ text: String) throws(Problem) -> [Cookie] {
        var cookies: [Cookie] = []
        // Lines end in LF or CR LF, which is one `Character`: split on either, never on "\n" alone.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            var line = Substring(rawLine)
            if line.hasPrefix("#HttpOnly_") {
                line = line.dropFirst("#HttpOnly_".count)
            } else if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) {
                continue
            }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count == 7 || columns.count == 6 else {
                throw Problem(
                    line: index + 1,
                    message:
                        "expected 7 tab-separated columns (domain, subdomains, path, secure, expiry, name, value), "
                        + "found \(columns.count)")
            }
            var domain = String(columns[0])
            let leadingDot = domain.hasPrefix(".")
            if leadingDot { domain.removeFirst() }
            guard !domain.isEmpty else { throw Problem(line: index + 1, message: "the domain is empty") }
            guard let expiry = Int64(columns[4]), expiry >= 0 else {
                throw Problem(line: index + 1, message: "the expiry '\(columns[4])' is not seconds since 1970")
            }
            if let control = HeaderFieldText.firstControl(in: line) {
                throw Problem(
                    line: index + 1,
                    message: "the cookie holds \(HeaderFieldText.describe(control)), which would split the request")
            }
            cookies.append(
                Cookie(
                    domain: domain, includeSubdomains: columns[1].uppercased() == "TRUE" || leadingDot,
                    path: columns[2].isEmpty ? "/" : String(columns[2]), secureOnly: columns[3].uppercased() == "TRUE",
                    expires: expiry == 0 ? nil : expiry, name: String(columns[5]),
                    value: columns.count == 7 ? String(columns[6]) : ""))
        }
        return cookies
    }
}
