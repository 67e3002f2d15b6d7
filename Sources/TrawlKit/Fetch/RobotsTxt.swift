import Foundation

/// A parsed robots.txt and the question it answers: may this crawler fetch this path?
///
/// Follows RFC 9309: rules are grouped by `user-agent` lines; the crawler uses every group
/// naming its product token (case-insensitively), else every `*` group; the longest
/// matching rule decides, `allow` winning a tie; `*` matches any run of characters and a
/// final `$` anchors the end; `/robots.txt` itself is always allowed.
struct RobotsTxt: Sendable, Hashable {
    /// One `allow` or `disallow` line.
    struct Rule: Sendable, Hashable {
        var allows: Bool
        /// The path pattern, percent-encoding normalised.
        var pattern: String

        init(allows: Bool, pattern: String) {
            self.allows = allows
            self.pattern = RobotsTxt.normalise(pattern)
        }
    }

    /// Consecutive `user-agent` lines and the rules after them (RFC 9309 §2.1).
    struct Group: Sendable, Hashable {
        var userAgents: [String]
        var rules: [Rule]
    }

    private(set) var groups: [Group]

    /// RFC 9309 §2.5: crawlers must parse at least the first 500 KiB.
    static let parsedBytes = 500 * 1024

    /// A robots.txt that allows everything, for a site without one.
    static let allowAll = RobotsTxt(groups: [])

    init(groups: [Group]) {
        self.groups = groups
    }

    /// Parses the text of a robots.txt; lines it does not understand are skipped, as the RFC asks.
    init(parsing text: String) {
        var groups: [Group] = []
        var current: Group?
        var lastWasUserAgent = false
        let lines = text.split(whereSeparator: \.isNewline)
        for rawLine in lines {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "user-agent":
                if lastWasUserAgent, current != nil {
                    current?.userAgents.append(value)
                } else {
                    if let finished = current { groups.append(finished) }
                    current = Group(userAgents: [value], rules: [])
                }
                lastWasUserAgent = true
            case "allow", "disallow":
                lastWasUserAgent = false
                // An empty disallow allows everything; it matches nothing, so it is left out.
                guard !value.isEmpty else { continue }
                current?.rules.append(Rule(allows: key == "allow", pattern: value))
            default:
                // Sitemap and other records neither start nor end a group (RFC 9309 §2.2.4).
                continue
            }
        }
        if let finished = current { groups.append(finished) }
        self.groups = groups
    }

    /// Whether a crawler calling itself `productToken` may fetch `url`.
    func allows(_ url: URL, userAgent productToken: String) -> Bool {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var path = components?.percentEncodedPath ?? "/"
        if path.isEmpty { path = "/" }
        if let query = components?.percentEncodedQuery { path += "?" + query }
        return allows(path: path, userAgent: productToken)
    }

    /// Whether a crawler calling itself `productToken` may fetch `path` (with any query).
    func allows(path: String, userAgent productToken: String) -> Bool {
        if path == "/robots.txt" { return true }
        let rules = rules(for: productToken)
        let target = Array(Self.normalise(path).utf8)
        var best: Rule?
        for rule in rules where Self.matches(Array(rule.pattern.utf8), target) {
            guard let chosen = best else {
                best = rule
                continue
            }
            if rule.pattern.utf8.count > chosen.pattern.utf8.count
                || rule.pattern.utf8.count == chosen.pattern.utf8.count && rule.allows && !chosen.allows
            {
                best = rule
            }
        }
        return best?.allows ?? true
    }

    /// The rules of every group for `productToken`, else of every `*` group (RFC 9309 §2.2.1).
    func rules(for productToken: String) -> [Rule] {
        let token = productToken.lowercased()
        let named = groups.filter { group in
            group.userAgents.contains { Self.productToken(of: $0).lowercased() == token }
        }
        let chosen = named.isEmpty ? groups.filter { $0.userAgents.contains("*") } : named
        return chosen.flatMap(\.rules)
    }

    /// The leading `[A-Za-z_-]` run of a user-agent value: `Trawl/1.0` names `Trawl`.
    static func productToken(of value: String) -> String {
        String(value.prefix { $0.isASCII && ($0.isLetter || $0 == "_" || $0 == "-") || $0 == "*" })
    }

    /// Pattern matching with `*` (any run) and a final `$` (end of path), from the path's start.
    static func matches(_ pattern: [UInt8], _ path: [UInt8]) -> Bool {
        var pattern = pattern[...]
        var anchored = false
        if pattern.last == UInt8(ascii: "$") {
            anchored = true
            pattern = pattern.dropLast()
        }
        // Greedy matching with backtracking to the last `*`, linear in practice.
        var p = pattern.startIndex, s = 0
        var star: Int?, resume = 0
        while s < path.count {
            if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
                star = p
                p += 1
                resume = s
            } else if p < pattern.endIndex, pattern[p] == path[s] {
                p += 1
                s += 1
            } else if p == pattern.endIndex, !anchored {
                return true
            } else if let starAt = star {
                p = starAt + 1
                resume += 1
                s = resume
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// Percent-encodes what is not printable ASCII and upper-cases existing escapes, so a
    /// pattern and a path compare octet by octet (RFC 9309 §2.2.2).
    static func normalise(_ text: String) -> String {
        var result = ""
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "%"), bytes.count >= 2 {
                let hex = String(decoding: bytes.prefix(2), as: UTF8.self)
                if UInt8(hex, radix: 16) != nil {
                    result += "%" + hex.uppercased()
                    bytes = bytes.dropFirst(2)
                    continue
                }
            }
            if byte > 0x20 && byte < 0x7F {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
