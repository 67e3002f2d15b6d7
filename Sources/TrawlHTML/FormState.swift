import CLibXML2

/// Form states that depend on other elements of the form (HTML Standard §4.16.3):
/// `:default` (the first submit button of a form) and `:indeterminate` (a radio group with
/// nothing checked). `XPathFunctions` exposes them to the compiled selectors.
enum FormState {
    /// `:default` for buttons: the first submit button whose form owner is this one's.
    static func isDefaultButton(_ node: xmlNodePtr) -> Bool {
        guard isSubmitButton(node), let form = formOwner(node) else { return false }
        return firstElement(below: form, where: { isSubmitButton($0) && formOwner($0) == form }) == node
    }

    /// `:indeterminate`: a checkbox marked so, a radio button whose group has nothing
    /// checked, a progress bar without a value.
    static func isIndeterminate(_ node: xmlNodePtr) -> Bool {
        if isNamed(node, "progress") { return attribute(node, "value") == nil }
        guard isNamed(node, "input") else { return false }
        switch attribute(node, "type")?.asciiLowercased {
        case "checkbox":
            return attribute(node, "indeterminate") != nil
        case "radio":
            guard attribute(node, "checked") == nil else { return false }
            guard let name = attribute(node, "name"), !name.isEmpty else { return true }
            let owner = formOwner(node)
            let root = owner ?? xmlDocGetRootElement(node.pointee.doc)
            guard let root else { return true }
            let checkedInGroup = firstElement(below: root) {
                isNamed($0, "input") && attribute($0, "type")?.asciiLowercased == "radio"
                    && attribute($0, "name") == name && attribute($0, "checked") != nil && formOwner($0) == owner
            }
            return checkedInGroup == nil
        default:
            return false
        }
    }

    /// The nearest `form` ancestor (the `form` attribute is not followed).
    static func formOwner(_ node: xmlNodePtr) -> xmlNodePtr? {
        var current = node.pointee.parent
        while let ancestor = current, ancestor.pointee.type == XML_ELEMENT_NODE {
            if isNamed(ancestor, "form") { return ancestor }
            current = ancestor.pointee.parent
        }
        return nil
    }

    static func isSubmitButton(_ node: xmlNodePtr) -> Bool {
        let type = attribute(node, "type")?.asciiLowercased
        if isNamed(node, "button") { return type == nil || type == "submit" }
        return isNamed(node, "input") && (type == "submit" || type == "image")
    }

    /// The first element below `root`, in document order, that `matches`; iterative.
    private static func firstElement(below root: xmlNodePtr, where matches: (xmlNodePtr) -> Bool) -> xmlNodePtr? {
        var node = root.pointee.children
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                if matches(current) { return current }
                if let child = current.pointee.children {
                    node = child
                    continue
                }
            }
            node = TreeWalk.next(after: current, within: root)
        }
        return nil
    }

    private static func isNamed(_ node: xmlNodePtr, _ name: String) -> Bool {
        node.pointee.type == XML_ELEMENT_NODE && xmlStrEqual(node.pointee.name, name) != 0
    }

    private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetNoNsProp(node, name) else { return nil }
        defer { trawl_xml_free(value) }
        return String(cString: value)
    }
}
