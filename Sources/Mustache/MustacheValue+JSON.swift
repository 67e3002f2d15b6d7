import Foundation
import TrawlJSON

extension MustacheValue: Decodable {
    /// Decodes any JSON value; integers stay integers so `1` renders as `1`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let list = try? container.decode([MustacheValue].self) {
            self = .list(list)
        } else {
            self = .object(try container.decode([String: MustacheValue].self))
        }
    }

    /// The value of a JSON document (any JSON value may be the top level), read by
    /// TrawlJSON's `JSONParser`; a `JSONError` says where the text breaks.
    public init(jsonData: Data) throws {
        self = MustacheValue(try JSONParser.parse(jsonData))
    }

    /// A parsed JSON value as template data: whole numbers stay integers, so `1` renders
    /// as `1`; a repeated key keeps its last value.
    public init(_ json: JSONValue) {
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

    /// The value of anything `Encodable`, through its JSON form: a quick way to render
    /// your own types. Configure `encoder` for dates (`.iso8601`) and key names.
    public init(encoding value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws {
        self = try MustacheValue(jsonData: encoder.encode(value))
    }

    /// Converts what `JSONSerialization.jsonObject(with:)` returns.
    ///
    /// Booleans are told apart from numbers, and whole numbers from fractions, so the
    /// output matches the JSON text. Values of other types become `null`.
    public init(json: Any) {
        switch json {
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            self = MustacheValue(number: number)
        case let list as [Any]:
            self = .list(list.map(MustacheValue.init(json:)))
        case let object as [String: Any]:
            self = .object(object.mapValues(MustacheValue.init(json:)))
        default:
            self = .null
        }
    }

    private init(number: NSNumber) {
        // JSONSerialization boxes true and false as the CoreFoundation boolean, whose
        // Objective-C type is "c"; fractions are "d" (or "f"), whole numbers the rest.
        switch String(cString: number.objCType) {
        case "c": self = .bool(number.boolValue)
        case "d", "f": self = .double(number.doubleValue)
        default: self = .int(number.intValue)
        }
    }
}
