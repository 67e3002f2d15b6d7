import Foundation

/// A compiled Mustache template: parsed once, rendered any number of times.
///
/// Implements the Mustache specification v1.4 (https://github.com/mustache/spec):
/// interpolation, sections, inverted sections, comments, partials, Set Delimiter tags,
/// and the optional modules `~lambdas`, `~inheritance` and `~dynamic-names`.
///
/// ```swift
/// let page = try Template(string: "<h1>{{title}}</h1>{{>footer}}", name: "page.mustache")
/// let html = try page.render(["title": "News"], partials: PartialDirectory(path: "Templates"))
/// ```
public struct Template: Sendable {
    /// The name errors are reported under: the file path for a template read from a file.
    public let name: String
    let nodes: [Node]

    /// Parses `string`; a malformed template throws a `TemplateError` naming `name`,
    /// the line and the column.
    public init(string: String, name: String = "template") throws(TemplateError) {
        try self.init(string: string, name: name, delimiters: .standard)
    }

    init(string: String, name: String, delimiters: Delimiters) throws(TemplateError) {
        var lexer = Lexer(source: string, name: name, delimiters: delimiters)
        let tokens = try lexer.tokenize()
        self.name = name
        self.nodes = try Parser(name: name, source: lexer.source).parse(tokens)
    }

    /// Reads and parses the template file at `path`, named by that path in errors.
    public init(contentsOfFile path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let string = String(data: data, encoding: .utf8) else {
            throw TemplateError(name: path, line: 1, column: 1, message: "the file is not UTF-8 text")
        }
        try self.init(string: string, name: path)
    }

    /// Renders the template with `context` at the bottom of the context stack.
    ///
    /// Partials and parents are looked up in `partials`; one that is not found renders
    /// as nothing, as the spec asks. Throws a `TemplateError` for a partial that does
    /// not parse, a lambda that fails, or partials nested too deep (a partial that
    /// includes itself with no end).
    public func render(
        _ context: MustacheValue = [:], partials: any PartialResolver = PartialDictionary()
    ) throws
        -> String
    {
        String(decoding: try renderBytes(context, partials: partials), as: UTF8.self)
    }

    /// Renders as `render(_:partials:)` does, returning the UTF-8 bytes: for output that
    /// goes to a file, without making (and validating) a string of it first.
    public func renderBytes(
        _ context: MustacheValue = [:], partials: any PartialResolver = PartialDictionary()
    ) throws -> [UInt8] {
        var renderer = Renderer(context: context, partials: partials, templateName: name)
        try renderer.render(nodes)
        return renderer.output
    }
}
