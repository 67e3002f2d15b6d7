import Foundation

extension Item {
    /// An item's URL as it is kept. Loading a cache reads every item's URL, and making a
    /// `URL` of each cost a fifth of the load; change detection, pages and the cache itself
    /// need only its text, so text read from a cache stays text until `url` is asked for.
    enum Link: Sendable {
        case parsed(URL)
        /// Text that `URL(string:)` takes as it is, with the same `absoluteString` (`isPlain`).
        case text(String)

        var url: URL? {
            switch self {
            case .parsed(let url): url
            case .text(let text): URL(string: text)
            }
        }

        /// What the cache stores and pages link to: the URL's absolute string.
        var text: String {
            switch self {
            case .parsed(let url): url.absoluteString
            case .text(let text): text
            }
        }

        /// Whether `utf8` is an absolute URL that `URL(string:)` keeps byte for byte:
        /// `scheme://host[:port]` and a path, query and fragment of RFC 3986 characters
        /// with well-formed `%XX` escapes. Anything else (no host, IP literals, user info,
        /// characters a parser would escape) is not plain, and is parsed at once.
        static func isPlain(_ utf8: UnsafeRawBufferPointer) -> Bool {
            var index = 0
            // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then "://".
            guard index < utf8.count, isLetter(utf8[index]) else { return false }
            while index < utf8.count, isLetter(utf8[index]) || isDigit(utf8[index]) || isSchemeMark(utf8[index]) {
                index += 1
            }
            guard utf8.count - index >= 3, utf8[index] == colon, utf8[index + 1] == slash, utf8[index + 2] == slash
            else { return false }
            index += 3
            // A registered name of unreserved characters, not empty.
            let hostStart = index
            while index < utf8.count, isUnreserved(utf8[index]) { index += 1 }
            guard index > hostStart else { return false }
            if index < utf8.count, utf8[index] == colon {
                index += 1
                let portStart = index
                while index < utf8.count, isDigit(utf8[index]) { index += 1 }
                // At most five digits: a longer port is no port.
                guard index > portStart, index - portStart <= 5 else { return false }
            }
            guard index == utf8.count || utf8[index] == slash || utf8[index] == question || utf8[index] == hash
            else { return false }
            // Path, then query (`?`, `/` allowed), then fragment, which no second `#` follows.
            var inFragment = false
            while index < utf8.count {
                let byte = utf8[index]
                if byte == percent {
                    guard index + 2 < utf8.count, isHexDigit(utf8[index + 1]), isHexDigit(utf8[index + 2]) else {
                        return false
                    }
                    index += 3
                    continue
                }
                if byte == hash {
                    guard !inFragment else { return false }
                    inFragment = true
                } else if !(isUnreserved(byte) || isSubDelimiter(byte) || byte == colon || byte == at
                    || byte == slash || byte == question)
                {
                    return false
                }
                index += 1
            }
            return true
        }

        private static let colon = UInt8(ascii: ":"), slash = UInt8(ascii: "/"), question = UInt8(ascii: "?")
        private static let hash = UInt8(ascii: "#"), percent = UInt8(ascii: "%"), at = UInt8(ascii: "@")

        private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        private static func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66)
        }
        private static func isSchemeMark(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        /// RFC 3986 §2.3.
        private static func isUnreserved(_ byte: UInt8) -> Bool {
            isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
        }
        /// RFC 3986 §2.2: `!$&'()*+,;=`.
        private static func isSubDelimiter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
                UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
                UInt8(ascii: "="):
                true
            default: false
            }
        }
    }

    /// `url`'s absolute string, without making a `URL` of text read from a cache.
    var urlText: String? { link?.text }
}

// Equal and hashed by the URL's text, which is what the cache keeps of it.
extension Item {
    public static func == (a: Item, b: Item) -> Bool {
        a.id == b.id && a.title == b.title && a.urlText == b.urlText && a.date == b.date && a.summary == b.summary
            && a.fields == b.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(urlText)
        hasher.combine(date)
        hasher.combine(summary)
        hasher.combine(fields)
    }
}

extension Item {
    private enum CodingKeys: String, CodingKey {
        case id, title, url, date, summary, fields
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title),
            url: try container.decodeIfPresent(URL.self, forKey: .url),
            date: try container.decodeIfPresent(Date.self, forKey: .date),
            summary: try container.decodeIfPresent(String.self, forKey: .summary),
            fields: try container.decode([Field].self, forKey: .fields))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(url, forKey: .url)
        try container.encodeIfPresent(date, forKey: .date)
        try container.encodeIfPresent(summary, forKey: .summary)
        try container.encode(fields, forKey: .fields)
    }
}
