import Foundation
import TrawlDates

extension Value {
    /// True when the two values are the same as the cache would store them.
    ///
    /// The comparison is typed (`.int(80000)` is not `.string("80000")`), but blind to
    /// what a round trip through the cache loses: dates compare to the millisecond, as
    /// their RFC 3339 text is stored; URLs as their absolute string (not their base URL).
    public func isSame(as other: Value) -> Bool {
        switch (self, other) {
        case (.date(let a), .date(let b)):
            // The cache stores every date as `DateCodec`'s RFC 3339 text.
            return a == b || DateCodec.rfc3339(a) == DateCodec.rfc3339(b)
        case (.url(let a), .url(let b)):
            return a.absoluteString == b.absoluteString
        case (.double(let a), .double(let b)):
            return a == b || (a.isNaN && b.isNaN)
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isSame(as: $1) }
        default:
            return self == other
        }
    }
}

extension Item {
    /// The names `ChangeDetector` compares as the item's own properties, not as fields.
    static let builtInFieldNames: Set<String> = ["title", "url", "date", "summary"]

    /// True when the two would be stored as the same bytes: same id, same properties, same
    /// fields in the same order.
    func isIdentical(to other: Item) -> Bool {
        if self == other { return true }
        func same(_ a: Value?, _ b: Value?) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case (let a?, let b?): return a.isSame(as: b)
            default: return false
            }
        }
        return id == other.id && title == other.title && summary == other.summary
            && urlText == other.urlText
            && same(date.map(Value.date), other.date.map(Value.date))
            && fields.count == other.fields.count
            && zip(fields, other.fields).allSatisfy { $0.name == $1.name && $0.value.isSame(as: $1.value) }
    }
}
