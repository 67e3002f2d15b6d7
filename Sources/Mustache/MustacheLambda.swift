/// A Swift closure standing in a template's data, called when a tag names it.
///
/// Mustache spec, `~lambdas`: in an interpolation (`{{name}}`) the lambda takes no
/// argument and its result is rendered as a template with the default delimiters, then
/// escaped like any value. In a section (`{{#name}}…{{/name}}`) it receives the section's
/// raw, unrendered text and its result is rendered as a template with the delimiters in
/// force at the section, in place of the section. An inverted section treats a lambda as
/// truthy, so it never renders.
///
/// ```swift
/// let data: MustacheValue = [
///     "planet": "world",
///     "greeting": .lambda(.interpolation { "Hello, {{planet}}" }),
///     "bold": .lambda(.section { text in "<b>\(text)</b>" }),
/// ]
/// ```
public struct MustacheLambda: Sendable {
    enum Body: Sendable {
        case interpolation(@Sendable () throws -> String)
        case section(@Sendable (String) throws -> String)
    }

    let body: Body

    /// A lambda for interpolation tags: takes nothing, returns a template.
    public static func interpolation(_ body: @escaping @Sendable () throws -> String) -> MustacheLambda {
        MustacheLambda(body: .interpolation(body))
    }

    /// A lambda for sections: takes the section's raw text, returns a template.
    ///
    /// Named in an interpolation tag instead, it receives the empty string.
    public static func section(_ body: @escaping @Sendable (String) throws -> String) -> MustacheLambda {
        MustacheLambda(body: .section(body))
    }

    /// Calls the closure with `text` (ignored by an interpolation lambda).
    func call(with text: String) throws -> String {
        switch body {
        case .interpolation(let body): return try body()
        case .section(let body): return try body(text)
        }
    }
}
