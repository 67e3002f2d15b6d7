import Foundation
import TrawlHTML
import TrawlJSON

/// The state a script-built page carries as JSON: a `<script type="application/json" id=…>`
/// (`__NEXT_DATA__`), or an inline script that assigns it (`window.__INITIAL_STATE__ = {…}`,
/// `__PRELOADED_STATE__`, `__APOLLO_STATE__`, `window.__NUXT__ = {…}`). Its largest list of
/// objects that each have a title and a link (`AppStateTier+Lists`) becomes a `json` source
/// reading that script.
enum AppStateTier {
    static func candidates(in document: Document) -> [SourceProposal] {
        var proposals: [SourceProposal] = []
        for (script, value) in states(in: document) {
            guard let list = bestList(in: value) else { continue }
            var proposal = SourceProposal(id: "", url: "", base: nil, kind: .json, items: list.items, script: script)
            proposal.jsonFields = .init(title: "$.\(list.title)", url: "$.\(list.url)")
            proposals.append(proposal)
        }
        return proposals
    }

    /// Each script holding state, with the selector a `json` source finds it by and its value.
    static func states(in document: Document) -> [(script: String, value: JSONValue)] {
        var states: [(script: String, value: JSONValue)] = []
        let identified = (try? document.select("script[type='application/json'][id]")).map(Array.init) ?? []
        for element in identified.prefix(20) {
            guard let id = element.attr("id"), ListFinder.isIdentifier(id),
                let value = try? EmbeddedJSON.value(in: element.rawText)
            else { continue }
            states.append(("script#\(id)", value))
        }
        let inline = (try? document.select("script:not([src])")).map(Array.init) ?? []
        var assigned = 0
        for element in inline.prefix(200) where assigned < 20 && isJavaScript(element.attr("type")) {
            let text = element.rawText
            // A script that starts by assigning a global, found again by what it names: the
            // one script on the page that mentions it, so the source reads no other.
            guard let target = EmbeddedJSON.assignmentTarget(in: text), isPlainName(target) else { continue }
            let selector = "script:contains('\(target)')"
            guard (try? document.select(selector).count) == 1, let value = try? EmbeddedJSON.value(in: text),
                value.objectValue != nil || value.arrayValue != nil
            else { continue }
            assigned += 1
            states.append((selector, value))
        }
        return states
    }

    /// Whether a script's `type` says JavaScript (none, or a JavaScript MIME type), not data or a template.
    private static func isJavaScript(_ type: String?) -> Bool {
        guard let type = type?.trimmingCharacters(in: .whitespaces).lowercased(), !type.isEmpty else { return true }
        return type.hasSuffix("/javascript") || type.hasSuffix("/ecmascript")
    }

    /// A target as `window.__STATE__`, `self.state` or `var state` write it: names joined by
    /// dots, after an optional declaration keyword; nothing a CSS string would need escaped.
    static func isPlainName(_ target: String) -> Bool {
        var rest = Substring(target)
        for keyword in ["var ", "let ", "const "] where rest.hasPrefix(keyword) {
            rest = rest.dropFirst(keyword.count).drop { $0 == " " }
            break
        }
        let names = rest.split(separator: ".", omittingEmptySubsequences: false)
        return !names.isEmpty
            && names.allSatisfy { name in
                guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
                return name.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                        || $0 == "$"
                }
            }
    }
}
