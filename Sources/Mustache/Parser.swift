/// Nests a template's tokens into a tree of nodes, checking that sections close.
struct Parser {
    /// Deeper nesting than this is refused, so rendering cannot exhaust the stack.
    static let maximumDepth = 256

    let name: String
    let source: [UInt8]

    /// A section, parent or block being read, with what it holds so far.
    private struct OpenTag {
        var tag: Tag?
        var nodes: [Node] = []
        var overrides: [String: BlockTag] = [:]

        var isParent: Bool { tag?.kind == .parent }
    }

    func parse(_ tokens: [Token]) throws(TemplateError) -> [Node] {
        var stack = [OpenTag()]
        for token in tokens {
            switch token {
            case .text(let text, _):
                if !stack[stack.count - 1].isParent { stack[stack.count - 1].nodes.append(.text(text)) }
            case .lineStart(let indentation):
                if !stack[stack.count - 1].isParent {
                    stack[stack.count - 1].nodes.append(.lineStart(indentation: indentation))
                }
            case .tag(let tag):
                switch tag.kind {
                case .comment, .setDelimiters:
                    break
                case .variable(let escaped):
                    let node = Node.variable(
                        VariableTag(name: Name(tag.content), isEscaped: escaped, location: tag.location))
                    append(node, to: &stack)
                case .partial:
                    append(.partial(partial(for: tag)), to: &stack)
                case .section, .invertedSection, .parent, .block:
                    if stack.count > Parser.maximumDepth {
                        throw TemplateError(
                            name: name, at: tag.location, "sections nested deeper than \(Parser.maximumDepth) levels")
                    }
                    stack.append(OpenTag(tag: tag))
                case .close:
                    let open = try close(stack.removeLast(), with: tag)
                    append(open, to: &stack)
                }
            }
        }
        if let unclosed = stack.last?.tag {
            throw TemplateError(
                name: name, at: unclosed.location, "unclosed \(unclosed.kind.word) '\(unclosed.content)'")
        }
        return stack[0].nodes
    }

    /// Adds a node to the innermost open tag; inside a parent only blocks count.
    private func append(_ node: Node, to stack: inout [OpenTag]) {
        let last = stack.count - 1
        guard stack[last].isParent else {
            stack[last].nodes.append(node)
            return
        }
        if case .block(let block) = node {
            stack[last].overrides[block.name] = block
        }
    }

    private func close(_ open: OpenTag, with closing: Tag) throws(TemplateError) -> Node {
        guard let opening = open.tag else {
            throw TemplateError(
                name: name, at: closing.location, "closing tag '\(closing.content)' has no open section")
        }
        guard opening.content == closing.content else {
            throw TemplateError(
                name: name, at: closing.location,
                "closing tag '\(closing.content)' does not match the open \(opening.kind.word) '\(opening.content)' "
                    + "(line \(opening.location.line), column \(opening.location.column))")
        }
        switch opening.kind {
        case .parent:
            return .parent(ParentTag(partial: partial(for: opening), overrides: open.overrides))
        case .block:
            return .block(block(for: opening, holding: open.nodes))
        default:
            let rawText = String(decoding: source[opening.range.upperBound..<closing.range.lowerBound], as: UTF8.self)
            return .section(
                SectionTag(
                    name: Name(opening.content), isInverted: opening.kind == .invertedSection, nodes: open.nodes,
                    rawText: rawText, delimiters: opening.delimiters, location: opening.location))
        }
    }

    private func partial(for tag: Tag) -> PartialTag {
        PartialTag(
            reference: TemplateReference(tag.content), indentation: tag.isStandalone ? tag.indentation : nil,
            location: tag.location)
    }

    /// Works out a block's two indentations (spec `~inheritance`, "Block reindentation",
    /// "Intrinsic indentation"): a block on its own line sits at the indentation of its
    /// default content, or of its tag when it has none; an inline block at the blanks
    /// before its tag.
    private func block(for tag: Tag, holding nodes: [Node]) -> BlockTag {
        var contentIndentation = ""
        var siteIndentation = tag.indentation
        if case .lineStart(let indentation) = nodes.first {
            contentIndentation = indentation
            if tag.isStandalone { siteIndentation = indentation }
        }
        return BlockTag(
            name: tag.content, nodes: nodes, siteIndentation: siteIndentation, contentIndentation: contentIndentation,
            templateName: name, location: tag.location)
    }
}

extension Tag.Kind {
    /// The kind as named in messages.
    var word: String {
        switch self {
        case .section: return "section"
        case .invertedSection: return "inverted section"
        case .parent: return "parent"
        case .block: return "block"
        case .partial: return "partial"
        case .close: return "closing tag"
        case .comment: return "comment"
        case .setDelimiters: return "Set Delimiter tag"
        case .variable: return "variable"
        }
    }
}
