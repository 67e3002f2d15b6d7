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
struct FieldValue: Encodable, Sendable, TemplateValueConvertible {
    /// The name in the configuration (`enclosureLength`).
    var name: String
    /// The name as a heading (`File size`).
    var label: String
    var human: String
    var raw: String
    var href: String
    /// `string`, `int`, `number`, `bool`, `date`, `url` or `list`.
    var type: String

    init(_ field: Item.Field, wording: ValueWording) {
        name = SafeText.line(field.name)
        label = SafeText.line(ValueWording.label(forField: field.name))
        human = SafeText.line(wording.text(field.value, field: field.name))
        raw = SafeText.line(field.value.text)
        if case .url(let url) = field.value {
            href = SafeText.link(url) ?? ""
        } else {
            href = ""
        }
        type = field.value.typeName
    }

    /// An object of the members above (keep the two in step) that prints as `human`:
    /// `{{fields.duration}}`.
    var templateValue: MustacheValue {
        .objectWithText(
            [
                "name": .string(name), "label": .string(label), "human": .string(human), "raw": .string(raw),
                "href": .string(href), "type": .string(type),
            ], text: human)
    }

    /// An item's fields by name; the first wins when a name repeats.
    static func byName(_ fields: [FieldValue]) -> [String: FieldValue] {
        Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
