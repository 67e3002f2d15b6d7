import Foundation
import TrawlHTML
import TrawlJSON

/// The state a script-built page carries as JSON (`<script id="__NEXT_DATA__">`, another
/// `script[type='application/json'][id]`): the largest list of objects that each have a
/// title and a link, as a `json` source reading that script.
enum AppStateTier {
    static let titleKeys = ["title", "headline", "name"]
    static let urlKeys = ["url", "link", "href", "permalink", "canonical_url", "canonicalUrl"]

    static func candidates(in document: Document) -> [SourceProposal] {
        let scripts = (try? document.select("script[type='application/json'][id]")).map(Array.init) ?? []
        var proposals: [SourceProposal] = []
        for element in scripts.prefix(20) {
            guard let id = element.attr("id"), ListFinder.isIdentifier(id),
                let value = try? EmbeddedJSON.value(in: element.rawText)
            else { continue }
            guard let (path, objects) = bestList(in: value),
                let title = StructuredDataTier.key(in: objects, among: titleKeys),
                let url = StructuredDataTier.key(in: objects, among: urlKeys)
            else { continue }
            var proposal = SourceProposal(
                id: "", url: "", base: nil, kind: .json, items: path + "[*]", script: "script#\(id)")
            proposal.jsonFields = .init(title: "$.\(title)", url: "$.\(url)")
            proposals.append(proposal)
        }
        return proposals
    }

    /// Whether a path names the page's menus rather than its content (`globalNavData.links`).
    static func isFurniture(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return ["nav", "menu", "footer", "header", "breadcrumb", "sidebar"].contains { lowered.contains($0) }
    }

    /// The longest array of at least three objects with a title and a link, and its path.
    static func bestList(in root: JSONValue) -> (String, [JSONValue])? {
        var best: (String, [JSONValue])?
        var budget = 100_000
        func walk(_ value: JSONValue, path: String, depth: Int) {
            guard depth < 24, budget > 0 else { return }
            budget -= 1
            switch value.content {
            case .object(let members):
                for member in members {
                    let step =
                        ListFinder.isIdentifier(member.key)
                        ? ".\(member.key)" : "['\(member.key.replacingOccurrences(of: "'", with: "\\'"))']"
                    walk(member.value, path: path + step, depth: depth + 1)
                }
            case .array(let elements):
                let objects = elements.filter { $0.objectValue != nil }
                if objects.count >= 3, objects.count == elements.count, objects.count > (best?.1.count ?? 0),
                    !isFurniture(path),
                    StructuredDataTier.key(in: objects, among: titleKeys) != nil,
                    StructuredDataTier.key(in: objects, among: urlKeys) != nil
                {
                    best = (path, objects)
                }
                for (index, element) in elements.prefix(50).enumerated() {
                    walk(element, path: path + "[\(index)]", depth: depth + 1)
                }
            default: break
            }
        }
        walk(root, path: "$", depth: 0)
        return best
    }
}
