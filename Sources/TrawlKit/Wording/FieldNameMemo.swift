import Foundation

/// What each field name works out to, worked out once per name: every item of a source
/// has the same few fields, and the work (a label, a meaning) walks the name's characters.
final class FieldNameMemo<Value: Sendable>: @unchecked Sendable {
    /// Names are the configuration's, so few; the bound only keeps odd feeds from growing it.
    private let capacity = 4_096
    private let lock = NSLock()
    private var values: [String: Value] = [:]
    private let work: @Sendable (String) -> Value

    init(_ work: @escaping @Sendable (String) -> Value) {
        self.work = work
    }

    subscript(field name: String) -> Value {
        lock.withLock {
            if let value = values[name] { return value }
            let value = work(name)
            if values.count < capacity { values[name] = value }
            return value
        }
    }
}
