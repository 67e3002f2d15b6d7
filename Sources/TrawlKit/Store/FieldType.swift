import TrawlJSON

/// The type of a field's values, kept once per snapshot (`"fieldTypes"`), so each item's
/// fields can be plain JSON: `"scale": 80000`, `"tags": ["a", "b"]`.
///
/// Written as the configuration names types: `"int"`, `"url"`, `"list of string"`; a list
/// whose elements were never seen is plain `"list"`.
indirect enum FieldType: Equatable {
    case string, int, number, bool, date, url
    case list(FieldType?)

    init(of value: Value) {
        switch value {
        case .string: self = .string
        case .int: self = .int
        case .double: self = .number
        case .bool: self = .bool
        case .date: self = .date
        case .url: self = .url
        case .list(let values): self = .list(values.first.map(FieldType.init))
        }
    }

    init?(name: String) {
        switch name {
        case "string": self = .string
        case "int": self = .int
        case "number": self = .number
        case "bool": self = .bool
        case "date": self = .date
        case "url": self = .url
        case "list": self = .list(nil)
        default:
            guard name.hasPrefix("list of "), let element = FieldType(name: String(name.dropFirst(8))) else {
                return nil
            }
            self = .list(element)
        }
    }

    var name: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .number: return "number"
        case .bool: return "bool"
        case .date: return "date"
        case .url: return "url"
        case .list(nil): return "list"
        case .list(let element?): return "list of \(element.name)"
        }
    }

    /// The type kept when a field is seen again: the first one, with a list's unknown
    /// element type filled in by a later, non-empty list.
    func merged(with other: FieldType) -> FieldType {
        switch (self, other) {
        case (.list(nil), .list(let element)): return .list(element)
        case (.list(let mine?), .list(let theirs?)): return .list(mine.merged(with: theirs))
        default: return self
        }
    }

    /// Whether `value` is written plainly under this type; one that is not is written in
    /// the tagged form (`{"int": 5}`), which no plain value looks like.
    func fits(_ value: Value) -> Bool {
        switch (self, value) {
        case (.string, .string), (.int, .int), (.number, .double), (.bool, .bool), (.date, .date), (.url, .url):
            return true
        case (.list, .list): return true
        default: return false
        }
    }

    /// The field types of every item's fields, in the order first seen.
    static func types(of items: [Item]...) -> [(name: String, type: FieldType)] {
        var types: [(name: String, type: FieldType)] = []
        var index: [String: Int] = [:]
        for list in items {
            for item in list {
                for (place, field) in item.fields.enumerated() {
                    let type = FieldType(of: field.value)
                    // Items list their fields in one order: compare the name at the same
                    // place before hashing it.
                    let known = place < types.count && types[place].name == field.name ? place : index[field.name]
                    if let position = known {
                        types[position].type = types[position].type.merged(with: type)
                    } else {
                        index[field.name] = types.count
                        types.append((field.name, type))
                    }
                }
            }
        }
        return types
    }
}
