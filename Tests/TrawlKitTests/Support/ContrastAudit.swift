import Foundation

/// An axe-style colour-contrast audit of a stylesheet built on custom properties.
///
/// It reads the `:root` colours (and the `prefers-color-scheme: dark` overrides), then
/// pairs every colour given to text (`color:`) with every background (`background:`),
/// and every colour of a control's border (rules for `input`, `button`, `select`,
/// `textarea`) with every background, and computes WCAG 2.2 contrast from relative
/// luminance: text needs 4.5:1 (1.4.3), a control's boundary 3:1 (1.4.11).
struct ContrastAudit {
    struct Failure: CustomStringConvertible {
        var scheme: String
        var foreground: String
        var background: String
        var ratio: Double
        var minimum: Double
        var description: String {
            "\(scheme): --\(foreground) on --\(background) is \(String(format: "%.2f", ratio)):1, "
                + "below \(String(format: "%.1f", minimum)):1"
        }
    }

    /// Colours by custom-property name, per scheme (`light`, `dark`).
    var schemes: [(name: String, colours: [String: String])]
    var textColours: Set<String> = []
    var backgrounds: Set<String> = []
    var controlBorders: Set<String> = []

    init(css: String) {
        let css = Self.strippingComments(css)
        var light: [String: String] = [:]
        var dark: [String: String] = [:]
        for rule in Self.rules(in: css) {
            let isDark = rule.media.contains("prefers-color-scheme: dark")
            if rule.selector == ":root" {
                for (name, value) in rule.declarations where name.hasPrefix("--") {
                    if isDark {
                        dark[String(name.dropFirst(2))] = value
                    } else {
                        light[String(name.dropFirst(2))] = value
                    }
                }
            }
            for (property, value) in rule.declarations {
                let used = Self.variables(in: value)
                if property == "color" { textColours.formUnion(used) }
                if property == "background" || property == "background-color" { backgrounds.formUnion(used) }
                if property.hasPrefix("border"), Self.isControl(rule.selector) { controlBorders.formUnion(used) }
            }
        }
        schemes = [("light", light), ("dark", light.merging(dark) { $1 })]
    }

    /// Every pair below its minimum, in both schemes.
    func failures() -> [Failure] {
        var failures: [Failure] = []
        for scheme in schemes {
            for (foregrounds, minimum) in [(textColours, 4.5), (controlBorders, 3.0)] {
                for foreground in foregrounds.sorted() {
                    for background in backgrounds.sorted() {
                        guard let fg = scheme.colours[foreground].flatMap(Self.rgb),
                            let bg = scheme.colours[background].flatMap(Self.rgb)
                        else { continue }
                        let ratio = Self.contrast(fg, bg)
                        if ratio < minimum {
                            failures.append(
                                Failure(
                                    scheme: scheme.name, foreground: foreground, background: background, ratio: ratio,
                                    minimum: minimum))
                        }
                    }
                }
            }
        }
        return failures
    }

    /// Names used in a declaration that a scheme does not define (a typo would hide a pair).
    func undefinedColours() -> [String] {
        let defined = Set(schemes[0].colours.keys)
        return textColours.union(backgrounds).union(controlBorders).subtracting(defined).sorted()
    }

    // MARK: WCAG 2.2 relative luminance and contrast ratio

    static func contrast(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    static func luminance(_ rgb: (Double, Double, Double)) -> Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(rgb.0) + 0.7152 * linear(rgb.1) + 0.0722 * linear(rgb.2)
    }

    /// `#rgb` or `#rrggbb` as channels from 0 to 1.
    static func rgb(_ text: String) -> (Double, Double, Double)? {
        var hex = text.trimmingCharacters(in: .whitespaces)
        guard hex.hasPrefix("#") else { return nil }
        hex.removeFirst()
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6, let value = Int(hex, radix: 16) else { return nil }
        return (
            Double((value >> 16) & 0xFF) / 255, Double((value >> 8) & 0xFF) / 255, Double(value & 0xFF) / 255
        )
    }

    // MARK: Reading the stylesheet

    struct Rule {
        var media: String
        var selector: String
        var declarations: [(String, String)]
    }

    static func strippingComments(_ css: String) -> String {
        css.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: "", options: .regularExpression)
    }

    /// Rules with their enclosing `@media` condition (one level, as the stylesheet has).
    static func rules(in css: String) -> [Rule] {
        var rules: [Rule] = []
        var media: [String] = []
        var prelude = ""
        var body = ""
        var inBody = false
        for character in css {
            switch character {
            case "{":
                let head = prelude.trimmingCharacters(in: .whitespacesAndNewlines)
                if head.hasPrefix("@media") {
                    media.append(head)
                } else {
                    inBody = true
                    body = ""
                }
                if !inBody { prelude = "" }
            case "}":
                if inBody {
                    let selector = prelude.trimmingCharacters(in: .whitespacesAndNewlines)
                    rules.append(
                        Rule(media: media.joined(separator: " "), selector: selector, declarations: declarations(body)))
                    inBody = false
                } else if !media.isEmpty {
                    media.removeLast()
                }
                prelude = ""
            default:
                if inBody { body.append(character) } else { prelude.append(character) }
            }
        }
        return rules
    }

    static func declarations(_ body: String) -> [(String, String)] {
        body.split(separator: ";").compactMap { declaration in
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (
                parts[0].trimmingCharacters(in: .whitespacesAndNewlines).lowercased(),
                parts[1].trimmingCharacters(in: .whitespacesAndNewlines)
            )
        }
    }

    static func variables(in value: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"var\(--([A-Za-z0-9_-]+)"#)
        let range = NSRange(value.startIndex..., in: value)
        return Set(
            pattern.matches(in: value, range: range).compactMap { match in
                Range(match.range(at: 1), in: value).map { String(value[$0]) }
            })
    }

    static func isControl(_ selector: String) -> Bool {
        selector.range(of: #"(^|[\s>+~,(])(input|button|select|textarea)\b"#, options: .regularExpression) != nil
    }
}
