import Mustache

/// A page model that gives its own template value instead of the one its `Encodable`
/// members would make: how a field becomes an object that also prints as text
/// (`MustacheValue.objectWithText`), which JSON cannot express.
protocol TemplateValueConvertible {
    var templateValue: MustacheValue { get }
}
