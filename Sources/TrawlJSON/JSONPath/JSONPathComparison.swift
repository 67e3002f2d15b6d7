/// Comparisons in filters (RFC 9535 §2.3.5.2.2): Nothing equals only Nothing, numbers
/// compare by value (`1 == 1.0`), strings scalar by scalar, arrays and objects deeply
/// (objects without regard to member order), and only numbers and strings have an order.
enum JSONPathComparison {
    static func compare(_ left: JSONValue?, _ op: ComparisonOperator, _ right: JSONValue?) -> Bool {
        switch op {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .less: return less(left, right)
        case .greater: return less(right, left)
        case .lessOrEqual: return less(left, right) || equal(left, right)
        case .greaterOrEqual: return less(right, left) || equal(left, right)
        }
    }

    static func equal(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        guard let left, let right else { return left == nil && right == nil }
        switch (left.content, right.content) {
        case (.number(let a), .number(let b)): return order(a, b) == 0
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in
                let other = b.last { $0.key.utf8.elementsEqual(member.key.utf8) }
                return other.map { equal(member.value, $0.value) } ?? false
            }
        default: return false
        }
    }

    static func less(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left?.content, right?.content) {
        case (.number(let a), .number(let b)): return order(a, b) < 0
        case (.string(let a), .string(let b)):
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
        default: return false
        }
    }

    /// -1, 0 or 1: exactly for integers that fit an `Int`, else as `Double`s.
    static func order(_ a: JSONNumber, _ b: JSONNumber) -> Int {
        if let x = a.int, let y = b.int { return x < y ? -1 : (x == y ? 0 : 1) }
        let x = a.double ?? 0
        let y = b.double ?? 0
        return x < y ? -1 : (x == y ? 0 : 1)
    }
}
