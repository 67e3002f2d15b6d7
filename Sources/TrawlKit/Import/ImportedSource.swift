import Foundation
import TrawlJSON

/// One watch of another tool made into a Trawl source: its `trawl.json` members in the
/// order they are written, where it came from, and why it is not an exact copy (empty when
/// it is).
struct ImportedSource: Sendable {
    /// The source's members, `id` first.
    var members: [(key: String, value: JSONValue)]
    /// The watch as the other tool knows it, for the report: `job 3 'Prices'`.
    var origin: String
    /// What Trawl does differently from the other tool, one reason a line.
    var notes: [String] = []
    /// Made by `WholePageWatch`: a watch of the page (or of the part a selector picks).
    var isWholePage = false

    /// A page watch that `page` could not take (an XPath part, edited text), written as a
    /// `list` of one item: the report says so.
    var isPageWatchAsList: Bool {
        isWholePage && members.first { $0.key == "kind" }?.value.stringValue == "list"
    }

    var id: String {
        get { members.first { $0.key == "id" }?.value.stringValue ?? "" }
        set {
            if let index = members.firstIndex(where: { $0.key == "id" }) {
                members[index].value = .text(newValue)
            } else {
                members.insert(("id", .text(newValue)), at: 0)
            }
        }
    }

    /// The source as it stands in `sources`, indented by `indent` spaces.
    func json(indent: Int = 0) -> String {
        var text = JSONWriter.string(JSONValue(.object(members)), style: .pretty)
        while text.hasSuffix("\n") { text.removeLast() }
        let padding = String(repeating: " ", count: indent)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { padding + $0 }
            .joined(separator: "\n")
    }
}

/// What `trawl import` read from one file: the sources it made and the watches it could not.
struct ImportReport: Sendable {
    var format: ImportFormat
    var sources: [ImportedSource] = []
    /// Watches left out, each with why (`job 4 'Home listing': a command job runs a program…`).
    var skipped: [String] = []
}

extension JSONValue {
    /// A string value, for building sources in code.
    static func text(_ string: String) -> JSONValue { JSONValue(.string(string)) }

    /// An object of string members, in order.
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(members.map { (key: $0.0, value: $0.1) }))
    }

    static func list(_ strings: [String]) -> JSONValue { JSONValue(.array(strings.map(text))) }
}

extension ImportedSource {
    /// A form body as `trawl.json` gives it (`{"form": {name: value}}`), from urlencoded text.
    /// As the URL Standard reads it, `=x` is a pair with an empty name and `=` one with both empty.
    static func form(_ text: String) -> JSONValue {
        let pairs = text.split(separator: "&").map { pair -> (String, JSONValue) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            return (parts[0], .text(parts.count > 1 ? parts[1] : ""))
        }
        return .object([("form", .object(pairs))])
    }

    /// Cookies as `trawl.json` gives them (`{name: value}`), from a `Cookie` header's text.
    static func cookies(_ text: String) -> JSONValue {
        .object(
            text.split(separator: ";").compactMap { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return parts[0].isEmpty ? nil : (parts[0], .text(parts.count > 1 ? parts[1] : ""))
            })
    }
}
