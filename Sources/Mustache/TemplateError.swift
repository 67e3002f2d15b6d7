/// A template that cannot be parsed or rendered, with the place to look.
///
/// Its description reads like a compiler's: `Templates/page.mustache:12:5: unclosed
/// section 'items'`.
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template's name: its path when it was read from a file.
    public let name: String
    /// The 1-based line of the tag at fault.
    public let line: Int
    /// The 1-based column, in Unicode scalars, of the tag's opening delimiter.
    public let column: Int
    /// What is wrong, without the place.
    public let message: String

    public init(name: String, line: Int, column: Int, message: String) {
        self.name = name
        self.line = line
        self.column = column
        self.message = message
    }

    init(name: String, at location: SourceLocation, _ message: String) {
        self.init(name: name, line: location.line, column: location.column, message: message)
    }

    public var description: String { "\(name):\(line):\(column): \(message)" }
}

/// A line and column in a template's source, both from 1.
struct SourceLocation: Sendable, Hashable {
    var line: Int
    var column: Int
}
