import Foundation
import TrawlHTML
import TrawlJSON

/// JSON-LD items (schema.org): an `ItemList` whose elements have names and links, or
/// repeated objects of an item type (articles, events, products, recipes, jobs…), as a
/// `json` source reading `script[type='application/ld+json']`.
enum StructuredDataTier {
    static let script = "script[type='application/ld+json']"

    /// Types whose objects are things a person follows; containers and page furniture
    /// (WebSite, Organization, BreadcrumbList) are not.
    static func isItemType(_ type: String) -> Bool {
        let kinds = [
            "Article", "BlogPosting", "NewsArticle", "Report", "TechArticle", "SocialMediaPosting", "Product",
            "Recipe", "JobPosting", "Course", "Review", "VideoObject", "PodcastEpisode", "Book", "Movie",
            "Offer", "Episode", "CreativeWork", "Dataset", "ScholarlyArticle",
        ]
        return kinds.contains(type) || type.hasSuffix("Event")
    }

    /// The page's JSON-LD values, in document order; a script that does not parse is skipped.
    static func values(in document: Document) -> [JSONValue] {
        let scripts = (try? document.select(script)).map(Array.init) ?? []
        return scripts.prefix(200).compactMap { try? EmbeddedJSON.value(in: $0.rawText) }
    }

    static func candidates(in document: Document) -> [SourceProposal] {
        let values = values(in: document)
        guard !values.isEmpty else { return [] }
        var proposals: [SourceProposal] = []
        // Objects by type, within arrays and `@graph`s (a root object cannot be selected
        // apart from its script, so only nested ones count).
        var byType: [String: [JSONValue]] = [:]
        var order: [String] = []
        var lists: [[JSONValue]] = []
        var budget = 50_000
        func walk(_ value: JSONValue, depth: Int, isRoot: Bool) {
            guard depth < 12, budget > 0 else { return }
            budget -= 1
            switch value.content {
            case .object(let members):
                if !isRoot, let type = value["@type"]?.stringValue, isItemType(type) {
                    if byType[type] == nil { order.append(type) }
                    byType[type, default: []].append(value)
                }
                if value["@type"]?.stringValue == "ItemList", let elements = value["itemListElement"]?.arrayValue {
                    lists.append(elements)
                }
                for member in members { walk(member.value, depth: depth + 1, isRoot: false) }
            case .array(let elements):
                for element in elements { walk(element, depth: depth + 1, isRoot: false) }
            default: break
            }
        }
        for value in values { walk(value, depth: 0, isRoot: true) }

        for type in order {
            guard let objects = byType[type], objects.count >= 3,
                let title = key(in: objects, among: ["headline", "name"]), key(in: objects, among: ["url"]) != nil
            else { continue }
            let date = key(in: objects, among: ["startDate", "datePublished", "dateCreated"])
            var proposal = SourceProposal(
                id: "", url: "", base: nil, kind: .json, items: "$..[?@['@type']=='\(type)']", script: script)
            proposal.jsonFields = .init(title: "$.\(title)", url: "$.url", date: date.map { "$.\($0)" })
            proposals.append(proposal)
        }
        for elements in lists where elements.count >= 3 {
            // `{"@type": "ListItem", "item": {"name": …, "url": …}}` or the names on the ListItem itself.
            let items = elements.compactMap { $0["item"] }
            if items.count == elements.count, let title = key(in: items, among: ["name", "headline"]),
                key(in: items, among: ["url", "@id"]) != nil
            {
                let url = key(in: items, among: ["url"]) ?? "@id"
                var proposal = SourceProposal(
                    id: "", url: "", base: nil, kind: .json, items: "$..itemListElement[*].item", script: script)
                proposal.jsonFields = .init(title: "$.\(title)", url: url == "@id" ? "$['@id']" : "$.url")
                proposals.append(proposal)
            } else if key(in: elements, among: ["name"]) != nil, key(in: elements, among: ["url"]) != nil {
                var proposal = SourceProposal(
                    id: "", url: "", base: nil, kind: .json, items: "$..itemListElement[*]", script: script)
                proposal.jsonFields = .init(title: "$.name", url: "$.url")
                proposals.append(proposal)
            }
        }
        return proposals
    }

    /// The first of `keys` that most of the objects give as a non-empty string.
    static func key(in objects: [JSONValue], among keys: [String]) -> String? {
        keys.first { key in
            let present = objects.filter { !($0[key]?.stringValue ?? "").isEmpty }.count
            return Double(present) >= 0.8 * Double(objects.count)
        }
    }
}
