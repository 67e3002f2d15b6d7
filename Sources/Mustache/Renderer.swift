import TrawlText

/// Walks a template's nodes against a context stack, writing the output.
struct Renderer {
    /// Partials, parents, blocks and lambdas nested deeper than this are an error: the
    /// sign of a partial or lambda that includes itself with no end.
    static let maximumDepth = 200

    /// The output so far, as UTF-8: appending bytes is cheaper than appending strings.
    private(set) var output: [UInt8] = []
    var context: ContextStack
    let partials: any PartialResolver
    /// The template being rendered, named in errors.
    var templateName: String
    /// Blocks given by the parent tags being rendered, outermost winning (`~inheritance`).
    var overrides: [String: BlockTag] = [:]
    var indentation = Indentation()
    var depth = 0

    init(context: MustacheValue, partials: any PartialResolver, templateName: String) {
        self.context = ContextStack(context)
        self.partials = partials
        self.templateName = templateName
        output.reserveCapacity(4096)
    }

    /// The output as a string.
    var text: String { String(decoding: output, as: UTF8.self) }

    mutating func render(_ nodes: [Node]) throws {
        // By index: an iterator hands out a copy (a retain) of every node it passes.
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let text): output.append(text)
            case .lineStart(let blanks): startLine(blanks)
            case .variable(let tag): try interpolate(tag)
            case .section(let tag): try renderSection(tag)
            case .partial(let tag): try renderPartial(tag, overrides: [:])
            case .parent(let tag): try renderPartial(tag.partial, overrides: tag.overrides)
            case .block(let tag): try renderBlock(tag)
            }
        }
    }

    private mutating func startLine(_ blanks: String) {
        if indentation.isNone {
            output.append(blanks)
            return
        }
        if output.isEmpty || output.last == UInt8(ascii: "\n") {
            output.append(indentation.prefix)
        }
        output.append(blanks, removingCommonPrefix: indentation.strip)
    }

    // MARK: - Interpolation

    private mutating func interpolate(_ tag: VariableTag) throws {
        guard let value = context.lookUp(tag.name) else { return }
        // Most values are text: written as they are, with no copy made first.
        if case .string(let string) = value {
            if tag.isEscaped {
                MarkupEscaper.append(string, as: .html, to: &output)
            } else {
                output.append(string)
            }
            return
        }
        let text: String
        if case .lambda(let lambda) = value {
            // Spec `~lambdas`: the result is a template, parsed with the default delimiters.
            let template = try parseResult(
                of: lambda, with: "", named: tag.name, delimiters: .standard, at: tag.location)
            var renderer = self
            renderer.output = []
            renderer.indentation = Indentation()
            try renderer.descend(at: tag.location) { try $0.render(template.nodes) }
            text = renderer.text
        } else {
            text = value.text
        }
        if tag.isEscaped {
            MarkupEscaper.append(text, as: .html, to: &output)
        } else {
            output.append(text)
        }
    }

    // MARK: - Sections

    private mutating func renderSection(_ tag: SectionTag) throws {
        let value = context.lookUp(tag.name) ?? .null
        if tag.isInverted {
            if !value.isTruthy { try render(tag.nodes) }
            return
        }
        switch value {
        case .list(let items):
            for index in items.indices {
                context.push(items[index])
                try render(tag.nodes)
                context.pop()
            }
        case .lambda(let lambda):
            // Spec `~lambdas`: the lambda gets the raw section text; its result is parsed
            // with the delimiters in force at the section and rendered in its place.
            let template = try parseResult(
                of: lambda, with: tag.rawText, named: tag.name, delimiters: tag.delimiters, at: tag.location)
            try descend(at: tag.location) { try $0.render(template.nodes) }
        default:
            guard value.isTruthy else { return }
            context.push(value)
            try render(tag.nodes)
            context.pop()
        }
    }

    private func parseResult(
        of lambda: MustacheLambda, with text: String, named name: Name, delimiters: Delimiters,
        at location: SourceLocation
    ) throws -> Template {
        let result: String
        do {
            result = try lambda.call(with: text)
        } catch {
            throw TemplateError(name: templateName, at: location, "lambda '\(name.text)' failed: \(error)")
        }
        do {
            return try Template(string: result, name: "lambda '\(name.text)'", delimiters: delimiters)
        } catch {
            throw TemplateError(
                name: templateName, at: location,
                "lambda '\(name.text)' returned a bad template: \(error.line):\(error.column): \(error.message)")
        }
    }

    /// Runs `body` one level deeper, refusing to go past `maximumDepth`.
    mutating func descend(at location: SourceLocation, _ body: (inout Renderer) throws -> Void) throws {
        guard depth < Renderer.maximumDepth else {
            throw TemplateError(
                name: templateName, at: location,
                "templates nested deeper than \(Renderer.maximumDepth) levels: does a partial or lambda include itself?"
            )
        }
        depth += 1
        defer { depth -= 1 }
        try body(&self)
    }
}
