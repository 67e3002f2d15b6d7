import CLibXML2

/// An element's directionality for `:dir()` (HTML Standard §3.2.6.4, "the dir attribute"):
/// from `dir`, else inherited; `dir=auto` looks for the first strong character of the text.
///
/// Swift does not expose Unicode bidirectional classes, so a strong character is a letter,
/// right-to-left when it lies in a right-to-left script block (Hebrew, Arabic, Syriac,
/// Thaana, N'Ko, Samaritan, Mandaic and their presentation forms and supplements).
enum Directionality {
    enum Direction: Double {
        case leftToRight = 1, rightToLeft = 2
    }

    static func of(_ node: xmlNodePtr) -> Direction {
        var current: xmlNodePtr? = node
        while let element = current, element.pointee.type == XML_ELEMENT_NODE {
            let dir = attribute(element, "dir")?.asciiLowercased
            switch dir {
            case "ltr": return .leftToRight
            case "rtl": return .rightToLeft
            case "auto":
                if let direction = auto(element) { return direction }
            default:
                if isNamed(element, "input"), attribute(element, "type")?.asciiLowercased == "tel" {
                    return .leftToRight
                }
                if isNamed(element, "bdi"), let direction = auto(element) { return direction }
            }
            current = element.pointee.parent
        }
        return .leftToRight
    }

    /// `dir=auto`: the first strong character of an input's value, a textarea's text, or the
    /// element's text outside `bdi`, `script`, `style`, `textarea` and elements with their
    /// own `dir`; nil (inherit) when there is none.
    private static func auto(_ element: xmlNodePtr) -> Direction? {
        if isNamed(element, "input") {
            return firstStrong(in: attribute(element, "value") ?? "") ?? .leftToRight
        }
        if isNamed(element, "textarea") {
            return firstStrong(in: text(of: element)) ?? .leftToRight
        }
        var node = element.pointee.children
        while let current = node {
            var descend = false
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE,
                let content = current.pointee.content, let direction = firstStrong(in: String(cString: content))
            {
                return direction
            }
            if current.pointee.type == XML_ELEMENT_NODE {
                let skipped = ["bdi", "script", "style", "textarea"].contains { isNamed(current, $0) }
                let ownDirection = ["ltr", "rtl", "auto"].contains(attribute(current, "dir")?.asciiLowercased ?? "")
                descend = !skipped && !ownDirection
            }
            if descend, let child = current.pointee.children {
                node = child
                continue
            }
            node = TreeWalk.next(after: current, within: element)
        }
        return nil
    }

    private static func firstStrong(in text: String) -> Direction? {
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
                return isRightToLeft(scalar.value) ? .rightToLeft : .leftToRight
            default:
                continue
            }
        }
        return nil
    }

    private static func isRightToLeft(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    private static func text(of node: xmlNodePtr) -> String {
        guard let content = xmlNodeGetContent(node) else { return "" }
        defer { trawl_xml_free(content) }
        return String(cString: content)
    }

    private static func isNamed(_ node: xmlNodePtr, _ name: String) -> Bool {
        xmlStrEqual(node.pointee.name, name) != 0
    }

    private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetNoNsProp(node, name) else { return nil }
        defer { trawl_xml_free(value) }
        return String(cString: value)
    }
}
