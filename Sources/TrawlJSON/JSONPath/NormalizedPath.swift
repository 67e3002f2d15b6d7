/// Where a node stands, as a chain back to the root; written out only when asked for, as
/// a normalized path (RFC 9535 §2.7): `$['name'][0]`, names in single quotes.
final class NormalizedPath: Sendable {
    enum Step: Sendable {
        case name(String)
        case index(Int)
    }

    let parent: NormalizedPath?
    let step: Step

    init(parent: NormalizedPath?, step: Step) {
        self.parent = parent
        self.step = step
    }

    var text: String {
        var steps: [Step] = []
        var link: NormalizedPath? = self
        while let current = link {
            steps.append(current.step)
            link = current.parent
        }
        var text = "$"
        for step in steps.reversed() {
            switch step {
            case .index(let index): text += "[\(index)]"
            case .name(let name): text += "['" + Self.escaped(name) + "']"
            }
        }
        return text
    }

    /// §2.7: `'` and `\` escaped, control characters as `\b`, `\t`… or `\u00xx`.
    static func escaped(_ name: String) -> String {
        var text = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "'": text += "\\'"
            case "\\": text += "\\\\"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u00" + (hex.count < 2 ? "0" + hex : hex)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
