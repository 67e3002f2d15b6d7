import Mustache
import TrawlJSON

extension MustacheValue {
    /// A parsed JSON value as template data: whole numbers stay integers, so `1` renders
    /// as `1`; a repeated key keeps its last value.
    init(_ json: JSONValue) {
        switch json.content {
        case .string(let string): self = .string(string)
        case .number(let number):
            if let int = number.int {
                self = .int(int)
            } else {
                self = .double(number.double ?? 0)
            }
        case .bool(let bool): self = .bool(bool)
        case .null: self = .null
        case .array(let elements): self = .list(elements.map(MustacheValue.init))
        case .object(let members):
            var object: [String: MustacheValue] = [:]
            object.reserveCapacity(members.count)
            for member in members { object[member.key] = MustacheValue(member.value) }
            self = .object(object)
        }
    }
}
