/// One element of a compiled template: the tree the parser builds and the renderer walks.
///
/// The tags are classes, and a node is no box around them: the renderer takes a tag out of
/// its node for every item of a list, and a reference is one retain where a struct of
/// strings and arrays is several.
enum Node: Sendable {
    case text(String)
    /// The start of a kept source line, with that line's leading blanks (see `Token`).
    case lineStart(indentation: String)
    case variable(VariableTag)
    case section(SectionTag)
    case partial(PartialTag)
    case parent(ParentTag)
    case block(BlockTag)
}

/// A name looked up in the context: `.`, `title` or `item.author.name`.
struct Name: Sendable {
    /// The dotted parts; empty for the implicit iterator `.`.
    let parts: [String]
    /// The name as written, for messages.
    let text: String

    init(_ text: String) {
        self.text = text
        self.parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

/// `{{name}}`, `{{{name}}}` or `{{&name}}`.
final class VariableTag: Sendable {
    let name: Name
    let isEscaped: Bool
    let location: SourceLocation

    init(name: Name, isEscaped: Bool, location: SourceLocation) {
        self.name = name
        self.isEscaped = isEscaped
        self.location = location
    }
}

/// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
final class SectionTag: Sendable {
    let name: Name
    let isInverted: Bool
    let nodes: [Node]
    /// The section's unrendered source, which a section lambda receives.
    let rawText: String
    /// The delimiters at the opening tag, for parsing a lambda's result.
    let delimiters: Delimiters
    let location: SourceLocation

    init(name: Name, isInverted: Bool, nodes: [Node], rawText: String, delimiters: Delimiters, location: SourceLocation)
    {
        self.name = name
        self.isInverted = isInverted
        self.nodes = nodes
        self.rawText = rawText
        self.delimiters = delimiters
        self.location = location
    }
}

/// Where a partial or parent template's name comes from.
enum TemplateReference: Sendable {
    /// `{{>name}}`: the name as written.
    case named(String)
    /// `{{>*name}}` (spec `~dynamic-names`): the name is the value of `name` in the context.
    case dynamic(Name)

    init(_ content: String) {
        if content.hasPrefix("*") {
            self = .dynamic(Name(String(content.dropFirst()).trimmingBlanks()))
        } else {
            self = .named(content)
        }
    }
}

/// `{{>name}}`: another template rendered in place.
final class PartialTag: Sendable {
    let reference: TemplateReference
    /// The blanks before a standalone tag, which indent every line of the partial;
    /// nil when the tag shares its line with text.
    let indentation: String?
    let location: SourceLocation

    init(reference: TemplateReference, indentation: String?, location: SourceLocation) {
        self.reference = reference
        self.indentation = indentation
        self.location = location
    }
}

/// `{{<name}}…{{/name}}` (spec `~inheritance`): a partial whose blocks are overridden.
struct ParentTag: Sendable {
    let partial: PartialTag
    /// The blocks given inside the tag, by name; text and other tags there are ignored.
    let overrides: [String: BlockTag]
}

/// `{{$name}}…{{/name}}` (spec `~inheritance`): replaceable content.
final class BlockTag: Sendable {
    let name: String
    let nodes: [Node]
    /// The indentation at the place the block stands, in its template's source: where
    /// an overriding block's lines are re-indented to.
    let siteIndentation: String
    /// The indentation of the block's own first line, removed from its lines when it
    /// overrides a block elsewhere.
    let contentIndentation: String
    /// The template the block was written in, for errors in its content.
    let templateName: String
    let location: SourceLocation

    init(
        name: String, nodes: [Node], siteIndentation: String, contentIndentation: String, templateName: String,
        location: SourceLocation
    ) {
        self.name = name
        self.nodes = nodes
        self.siteIndentation = siteIndentation
        self.contentIndentation = contentIndentation
        self.templateName = templateName
        self.location = location
    }
}
