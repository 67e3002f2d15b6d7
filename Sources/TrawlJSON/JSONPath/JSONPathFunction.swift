/// The function extensions of RFC 9535 §2.4.4–2.4.8 and the types they are declared with.
enum JSONPathFunction: String, Sendable, CaseIterable {
    case length
    case count
    case match
    case search
    case value

    enum ParameterType: Sendable {
        /// A JSON value or Nothing.
        case value
        /// True or false.
        case logical
        /// A node list.
        case nodes
    }

    var parameters: [ParameterType] {
        switch self {
        case .length: return [.value]
        case .count, .value: return [.nodes]
        case .match, .search: return [.value, .value]
        }
    }

    var result: ParameterType {
        switch self {
        case .length, .count, .value: return .value
        case .match, .search: return .logical
        }
    }
}
