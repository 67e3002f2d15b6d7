import Foundation
import Mustache

/// One field of an item as templates see it, by name (`{{fields.scale}}`) or in order
/// (`{{#fieldList}}`): the value in words and as scraped, with a link when it is one.
///
/// ```
/// {{fields.scale}}          1:40,000          (the human form: the field prints as its text)
/// {{fields.scale.human}}    1:40,000          (ValueWording: separators, 1:02:03, 45.8 MB, dates in words)
/// {{fields.scale.raw}}      40000             (as stored: RFC 3339 dates, plain digits, true/false)
/// {{fields.scale.label}}    Scale             (the name as a heading)
/// {{#fields.enclosure}}<a href="{{href}}">…</a>{{/fields.enclosure}}
/// ```
///
/// Every string is plain text cleaned by `SafeText`; `href` is empty unless the value is
/// an http, https or mailto URL.
///
/// A class, built once and then only read: an item's lists and table share each value.
final class FieldValue: Sendable, MustacheObject {
    /// The name in the configuration (`enclosureLength`).
    let name: String
    /// The name as a heading (`File size`).
    let label: String
    let human: String
    let raw: String
    let href: String
    /// `string`, `int`, `number`, `bool`, `date`, `url` or `list`.
    let type: String

    /// Field names as headings (`File size`), each worked out once.
    private static let labels = FieldNameMemo { SafeText.line(ValueWording.label(forField: $0)) }

    init(_ field: Item.Field, wording: ValueWording) {
        name = SafeText.line(field.name)
        label = Self.labels[field: field.name]
        raw = SafeText.line(field.value.text)
        switch field.value {
        case .string, .url:
            // Worded as they are: the same text, cleaned once.
            human = raw
        default:
            human = SafeText.line(wording.text(field.value, field: field.name))
        }
        if case .url(let url) = field.value {
            href = SafeText.link(url) ?? ""
        } else {
            href = ""
        }
        type = field.value.typeName
    }

    /// The members above by name; the value prints as `human`: `{{fields.duration}}`.
    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "name": return .string(name)
        case "label": return .string(label)
        case "human": return .string(human)
        case "raw": return .string(raw)
        case "href": return .string(href)
        case "type": return .string(type)
        default: return nil
        }
    }

    var mustacheText: String? { human }

    /// An item's fields by name; the first wins when a name repeats.
    static func byName(_ fields: [FieldValue]) -> FieldTable {
        FieldTable(fields)
    }
}

/// An item's fields by name, `{{fields.scale}}`: looked up in the list itself (an item has a
/// handful of fields), so no dictionary is built per item. The first wins when a name repeats.
struct FieldTable: Sendable, MustacheObject {
    let list: [FieldValue]

    init(_ list: [FieldValue]) {
        self.list = list
    }

    subscript(name: String) -> FieldValue? {
        list.first { $0.name == name }
    }

    func member(_ key: String) -> MustacheValue? {
        self[key].map { .custom($0) }
    }
}
