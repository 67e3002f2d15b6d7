import Foundation
import TrawlDates

/// One typed field value scraped from a page or a feed.
///
/// Values compare by type and content, so `"80,000"` scraped as an `int` and stored
/// as `80000` does not read as a change next time.
public enum Value: Sendable, Hashable {
    /// Text.
    case string(String)
    /// A whole number (`int`).
    case int(Int)
    /// A decimal number (`number`).
    case double(Double)
    /// A boolean (`bool`).
    case bool(Bool)
    /// A date (`date`), read in the field's format and locale.
    case date(Date)
    /// An absolute URL (`url`).
    case url(URL)
    /// Every match of a `many` field, in page order.
    case list([Value])

    /// The value as a person reads it: dates in RFC 3339 UTC, lists joined by commas.
    public var text: String {
        switch self {
        case .string(let string): return string
        case .int(let int): return String(int)
        case .double(let double): return Value.format(double)
        case .bool(let bool): return bool ? "true" : "false"
        case .date(let date): return DateCodec.rfc3339(date)
        case .url(let url): return url.absoluteString
        case .list(let values): return values.map(\.text).joined(separator: ", ")
        }
    }

    /// The name of the type, as written in configuration (`"int"`, `"url"`, …).
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .double: return "number"
        case .bool: return "bool"
        case .date: return "date"
        case .url: return "url"
        case .list: return "list"
        }
    }

    private static func format(_ double: Double) -> String {
        if double.rounded() == double, abs(double) < 1e15 { return String(Int(double)) }
        return String(double)
    }
}

// Encoded as a one-key object naming its type (`{"int": 80000}`), so a date and a
// string that looks like one never get confused when the cache is read back.
extension Value: Codable {
    private enum CodingKeys: String, CodingKey {
        case string, int, number, bool, date, url, list
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a value is an object with one key naming its type"))
        }
        switch key {
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .int: self = .int(try container.decode(Int.self, forKey: key))
        case .number: self = .double(try container.decode(Double.self, forKey: key))
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .list: self = .list(try container.decode([Value].self, forKey: key))
        case .url:
            let string = try container.decode(String.self, forKey: key)
            guard let url = URL(string: string) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "not a URL: \(string)")
            }
            self = .url(url)
        case .date:
            let string = try container.decode(String.self, forKey: key)
            guard let date = DateCodec.parseRFC3339(string) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "not an RFC 3339 date: \(string)")
            }
            self = .date(date)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .string(let string): try container.encode(string, forKey: .string)
        case .int(let int): try container.encode(int, forKey: .int)
        case .double(let double): try container.encode(double, forKey: .number)
        case .bool(let bool): try container.encode(bool, forKey: .bool)
        case .date(let date): try container.encode(DateCodec.rfc3339(date), forKey: .date)
        case .url(let url): try container.encode(url.absoluteString, forKey: .url)
        case .list(let values): try container.encode(values, forKey: .list)
        }
    }
}
