/// The few Python values feedparser's `Expect:` expressions compare.
indirect enum PythonValue: Equatable, CustomStringConvertible {
    case none
    case bool(Bool)
    case int(Int)
    case string(String)
    case list([PythonValue])
    case dict([String: PythonValue])

    /// Python truthiness.
    var isTruthy: Bool {
        switch self {
        case .none: false
        case .bool(let value): value
        case .int(let value): value != 0
        case .string(let value): !value.isEmpty
        case .list(let values): !values.isEmpty
        case .dict(let values): !values.isEmpty
        }
    }

    var description: String {
        switch self {
        case .none: "None"
        case .bool(let value): value ? "True" : "False"
        case .int(let value): String(value)
        case .string(let value): "'\(value)'"
        case .list(let values): "(" + values.map(\.description).joined(separator: ", ") + ")"
        case .dict(let values):
            "{" + values.sorted { $0.key < $1.key }.map { "'\($0.key)': \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    /// A dictionary built from optional entries, leaving out the absent ones (as feedparser does).
    static func dict(_ pairs: [(String, PythonValue?)]) -> PythonValue {
        var result: [String: PythonValue] = [:]
        for (key, value) in pairs {
            if let value { result[key] = value }
        }
        return .dict(result)
    }
}
