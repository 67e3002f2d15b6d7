extension Renderer {
    /// Renders a partial (`{{>name}}`) or a parent (`{{<name}}…{{/name}}`).
    ///
    /// Spec `~inheritance`: a partial is a parent with no overrides. The overrides of
    /// outer parents win over the parent's own ("Multi-level inheritance"), and stay in
    /// force in everything the parent includes ("Recursion").
    mutating func renderPartial(_ tag: PartialTag, overrides own: [String: BlockTag]) throws {
        guard let name = templateName(for: tag.reference), let template = try partial(named: name, at: tag) else {
            return
        }
        let saved = (indentation, overrides, templateName)
        defer { (indentation, overrides, templateName) = saved }
        if let blanks = tag.indentation {
            indentation = Indentation(prefix: indentation.prefix + blanks.removingCommonPrefix(indentation.strip))
        } else {
            indentation = Indentation(prefix: indentation.prefix)
        }
        for (blockName, block) in own where overrides[blockName] == nil {
            overrides[blockName] = block
        }
        try descend(at: tag.location) { renderer in
            renderer.templateName = template.name
            try renderer.render(template.nodes)
        }
    }

    /// Renders a block (`{{$name}}…{{/name}}`): its override if a parent gave one,
    /// re-indented to this place, or else its own content.
    mutating func renderBlock(_ block: BlockTag) throws {
        guard let override = overrides[block.name] else {
            try render(block.nodes)
            return
        }
        let saved = (indentation, templateName)
        defer { (indentation, templateName) = saved }
        let place = block.siteIndentation.removingCommonPrefix(indentation.strip)
        indentation = Indentation(prefix: indentation.prefix + place, strip: override.contentIndentation)
        try descend(at: block.location) { renderer in
            renderer.templateName = override.templateName
            try renderer.render(override.nodes)
        }
    }

    /// The name a partial tag refers to; for a dynamic name (`{{>*name}}`), the value
    /// of `name` in the context, or nil when that is missing or not text.
    private func templateName(for reference: TemplateReference) -> String? {
        switch reference {
        case .named(let name):
            return name
        case .dynamic(let name):
            switch context.lookUp(name) {
            case .string(let string): return string.isEmpty ? nil : string
            case .int(let int): return String(int)
            default: return nil
            }
        }
    }

    private func partial(named name: String, at tag: PartialTag) throws -> Template? {
        do {
            return try partials.template(named: name)
        } catch let error as TemplateError {
            throw error
        } catch {
            throw TemplateError(name: templateName, at: tag.location, "cannot read partial '\(name)': \(error)")
        }
    }
}
