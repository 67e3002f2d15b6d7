/// A page model written out whole as text that is the same in every process, for a page's
/// input digest: each stored property by name, in the order the type declares them (the
/// members templates see are those properties), strings with their length so no two models
/// write the same text, sets and dictionaries sorted. A printed description is no such text:
/// a `Set` or a `Dictionary` prints in a different order each time.
enum CanonicalModelText {
    static func of(_ model: Any) -> String {
        var text = ""
        write(model, into: &text)
        return text
    }

    private static func write(_ value: Any, into text: inout String) {
        switch value {
        case let string as String:
            text += "\(string.utf8.count):\(string)"
            return
        case let int as Int:
            text += "i\(int)"
            return
        case let double as Double:
            text += "d\(double)"
            return
        case let bool as Bool:
            text += bool ? "T" : "F"
            return
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first {
                write(wrapped.value, into: &text)
            } else {
                text += "N"
            }
        case .collection, .tuple:
            text += "["
            for child in mirror.children { write(child.value, into: &text) }
            text += "]"
        case .set, .dictionary:
            text += "["
            text += mirror.children.map { of($0.value) }.sorted().joined()
            text += "]"
        default:
            text += "{"
            for child in mirror.children {
                text += child.label ?? ""
                text += "="
                write(child.value, into: &text)
            }
            text += "}"
        }
    }
}
