extension XPathTranslator {
    static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

    /// The context element is an HTML element with one of `names`: in an HTML document by
    /// name, in an XML document only in the XHTML namespace (as Selectors Level 4 §2 asks of
    /// pseudo-classes the host language defines).
    func htmlElement(_ names: String...) -> String {
        let tests = names.map { isHTML ? "self::\($0)" : "local-name() = '\($0)'" }
        let anyName = tests.count == 1 ? tests[0] : "(" + tests.joined(separator: " or ") + ")"
        return isHTML ? anyName : "(namespace-uri() = '\(Self.xhtmlNamespace)' and \(anyName))"
    }

    /// The `type` attribute, lower-cased (its values are ASCII case-insensitive).
    var inputType: String { "translate(@type, '\(Self.upper)', '\(Self.lower)')" }

    /// HTML Standard §4.10.18.5 "Enabling and disabling form controls": a control is disabled
    /// by its own attribute, or by a disabled `fieldset` ancestor unless it sits in that
    /// fieldset's first `legend`. The ancestor that is a child of the fieldset tells which.
    private var disabled: String {
        let control = htmlElement("button", "input", "select", "textarea", "fieldset")
        return "((\(htmlElement("button", "input", "select", "textarea", "optgroup", "fieldset")) and @disabled)"
            + " or (\(htmlElement("option")) and (@disabled or parent::*[\(htmlElement("optgroup")) and @disabled]))"
            + " or (\(control) and ancestor-or-self::*[parent::*[\(htmlElement("fieldset")) and @disabled]]"
            + "[not(\(htmlElement("legend")) and not(preceding-sibling::*[\(htmlElement("legend"))]))]))"
    }

    /// Input types whose value is not text (§4.10.5.1); any other value, or none, is text-like.
    static let nonTextTypes = [
        "hidden", "checkbox", "radio", "file", "submit", "image", "reset", "button", "color", "range",
    ]
    static let dateTypes = ["date", "month", "week", "time", "datetime-local"]

    private func typeIsNot(_ types: [String]) -> String {
        "not(" + types.map { "\(inputType) = '\($0)'" }.joined(separator: " or ") + ")"
    }

    /// `:read-write` (HTML Standard §4.16.3): text-like inputs and textareas that are neither
    /// read-only nor disabled, and editing hosts (`contenteditable`, inherited).
    private var readWrite: String {
        let editable = "(not(@readonly) and not\(disabled))"
        let editingHost =
            "ancestor-or-self::*[@contenteditable][1][@contenteditable = '' or "
            + "translate(@contenteditable, '\(Self.upper)', '\(Self.lower)') = 'true']"
        return "(((\(htmlElement("input")) and \(typeIsNot(Self.nonTextTypes))) or \(htmlElement("textarea")))"
            + " and \(editable) or \(editingHost))"
    }

    /// The form-state and element-state pseudo-classes (Selectors Level 4 §13, HTML Standard
    /// §4.16.3), from the attributes that set the state: a parsed page has no user edits.
    func formCondition(_ pseudoClass: PseudoClass) -> String {
        switch pseudoClass {
        case .link:
            return "(\(htmlElement("a", "area", "link")) and @href)"
        case .checked:
            return "((\(htmlElement("input")) and (\(inputType) = 'checkbox' or \(inputType) = 'radio') and @checked)"
                + " or (\(htmlElement("option")) and @selected))"
        case .disabled:
            return disabled
        case .enabled:
            let candidates = htmlElement("button", "input", "select", "textarea", "optgroup", "option", "fieldset")
            return "(\(candidates) and not\(disabled))"
        case .required:
            return "(\(htmlElement("input", "select", "textarea")) and @required)"
        case .optional:
            return "(\(htmlElement("input", "select", "textarea")) and not(@required))"
        case .muted:
            return "(\(htmlElement("audio", "video")) and @muted)"
        case .open:
            return "(\(htmlElement("details", "dialog")) and @open)"
        case .readWrite:
            return readWrite
        case .readOnly:
            return "not\(readWrite)"
        case .placeholderShown:
            // A textarea's first newline belongs to the markup, not the value.
            let emptyTextarea = "(not(text()) or string(.) = '\n')"
            return
                "(@placeholder and @placeholder != '' and ((\(htmlElement("input")) and \(typeIsNot(Self.nonTextTypes + Self.dateTypes))"
                + " and (not(@value) or @value = '')) or (\(htmlElement("textarea")) and \(emptyTextarea))))"
        case .defined:
            // Custom element names hold a hyphen; a prefixed name is no custom element.
            let rule = "(not(contains(name(), '-')) or contains(name(), ':'))"
            return isHTML ? rule : "(namespace-uri() = '\(Self.xhtmlNamespace)' and \(rule))"
        default:
            return "false()"
        }
    }
}
