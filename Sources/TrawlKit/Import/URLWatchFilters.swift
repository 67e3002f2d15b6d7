import Foundation
import TrawlJSON

/// urlwatch's `filter` list read into what the watch selects and how its text is edited,
/// with a note for each filter Trawl does otherwise. A filter with no equivalent at all
/// (`jsonpath`, `shellpipe`, …) makes the job a watch of the whole page.
struct URLWatchFilters {
    let file: String
    var selection = WholePageWatch.Selection.wholePage
    /// Members added to the watch's `text` field (`replace`).
    var textRule: [(String, JSONValue)] = []
    var notes: [String] = []
    private var replacements: [(String, JSONValue)] = []

    init(file: String) { self.file = file }

    /// Filters that only change how the text is laid out, which Trawl does its own way.
    static let layoutFilters: Set<String> = [
        "html2text", "strip", "beautify", "pretty-xml", "format-json", "format-xml", "remove-empty-lines",
    ]

    mutating func read(_ node: YAMLNode?) {
        var unmapped: [String] = []
        for (name, argument) in Self.filters(in: node) {
            switch name {
            case "css", "xpath", "element-by-id", "element-by-class", "element-by-tag":
                guard let picked = Self.selection(name, argument) else {
                    unmapped.append(name)
                    continue
                }
                guard selection == .wholePage else {
                    unmapped.append("a second selector (\(name))")
                    continue
                }
                selection = picked
                if argument?["exclude"] != nil { notes.append("\(name): 'exclude' is not imported") }
            case "re.sub":
                let pattern = argument?.text ?? argument?["pattern"]?.text ?? ""
                let template = argument?["repl"]?.text ?? ""
                replacements.append((Self.icuPattern(pattern), .text(Self.icuTemplate(template))))
            case "grep", "grepi":
                let pattern = argument?.text ?? argument?["re"]?.text ?? ""
                notes.append(
                    "\(name) '\(pattern)' has no equivalent: the whole text is watched, not only the lines "
                        + (name == "grep" ? "that match" : "that do not match"))
            case "sort", "reverse", "remove-duplicate-lines":
                notes.append("\(name): Trawl keeps the page's order and every line")
            case _ where Self.layoutFilters.contains(name):
                break
            default:
                unmapped.append(name)
            }
        }
        if !unmapped.isEmpty {
            selection = .wholePage
            replacements = []
            notes.append(
                "no equivalent for \(unmapped.map { "'\($0)'" }.joined(separator: ", ")): watches the whole page")
        }
        if !replacements.isEmpty { textRule = [("replace", .object(replacements))] }
    }

    /// Each filter's name and argument: from a list of names or one-member mappings, or the
    /// older comma-separated text (`html2text,grep:Current.*version,strip`).
    static func filters(in node: YAMLNode?) -> [(String, YAMLNode?)] {
        guard let node else { return [] }
        if let text = node.text {
            return text.split(separator: ",").map { part in
                let pieces = part.split(separator: ":", maxSplits: 1).map(String.init)
                let argument =
                    pieces.count > 1 ? YAMLNode(content: .scalar(pieces[1], plain: false), line: 0, column: 0) : nil
                return (pieces[0].trimmingCharacters(in: .whitespaces), argument)
            }
        }
        return (node.elements ?? []).compactMap { element in
            if let name = element.text { return (name, nil) }
            guard let first = element.members.first else { return nil }
            return (first.key, first.value.isNull ? nil : first.value)
        }
    }

    private static func selection(_ name: String, _ argument: YAMLNode?) -> WholePageWatch.Selection? {
        switch name {
        case "css": return (argument?.text ?? argument?["selector"]?.text).map { .css($0) }
        case "xpath": return (argument?.text ?? argument?["path"]?.text).map { .xpath($0) }
        case "element-by-id": return argument?.text.map { .xpath("//*[@id=\(WholePageWatch.literal($0))]") }
        case "element-by-class":
            return argument?.text.map {
                .xpath("//*[contains(concat(' ', normalize-space(@class), ' '), \(WholePageWatch.literal(" \($0) ")))]")
            }
        case "element-by-tag": return argument?.text.map { .xpath("//\($0)") }
        default: return nil
        }
    }

    /// Python's named groups (`(?P<name>…)`, `(?P=name)`) in ICU's spelling.
    static func icuPattern(_ pattern: String) -> String {
        pattern.replacingOccurrences(of: "(?P<", with: "(?<").replacingOccurrences(
            of: #"\(\?P=(\w+)\)"#, with: #"\\k<$1>"#, options: .regularExpression)
    }

    /// Python's `\1` and `\g<1>` (or `\g<name>`) as ICU's `$1`, `${name}`; a `$` kept as text.
    static func icuTemplate(_ template: String) -> String {
        template.replacingOccurrences(of: "$", with: #"\$"#)
            .replacingOccurrences(of: #"\\g<(\d+)>"#, with: "\\$$1", options: .regularExpression)
            .replacingOccurrences(of: #"\\g<(\w+)>"#, with: "\\${$1}", options: .regularExpression)
            .replacingOccurrences(of: #"\\(\d)"#, with: "\\$$1", options: .regularExpression)
    }
}
