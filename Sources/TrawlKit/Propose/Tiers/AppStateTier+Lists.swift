import Foundation
import TrawlJSON

extension AppStateTier {
    static let titleKeys = ["title", "headline", "name"]
    static let urlKeys = ["url", "link", "href", "permalink", "canonical_url", "canonicalUrl"]

    /// A list in the state: the JSONPath of its items, and the keys of their title and link.
    struct StateList {
        var items: String
        var title: String
        var url: String
        var count: Int
    }

    /// Whether a path or a type names the page's menus or its taxonomy rather than its
    /// content (`globalNavData.links`, Apollo's `MenuItem`, `relatedTopics.pages`, `Tag`).
    static func isFurniture(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return ["nav", "menu", "footer", "header", "breadcrumb", "sidebar", "topics", "tags", "categories"].contains {
            lowered.contains($0)
        }
    }

    /// Whether a type of a normalized cache names a taxonomy, not content (`Tag`, `Term`,
    /// `LegacyCollection`: a newspaper's sections).
    private static func isTaxonomy(_ type: String) -> Bool {
        let lowered = type.lowercased()
        return ["tag", "term", "category", "topic", "author", "user", "collection", "section"].contains {
            lowered.hasSuffix($0)
        }
    }

    /// The largest list of at least three objects with a title and a link: an array of them
    /// (`$.props.pageProps.articles[*]`), or the objects of one `__typename` among an
    /// object's members, as GraphQL clients keep their normalized cache
    /// (`window.__APOLLO_STATE__ = {"Post:1": {"__typename": "Post", …}, …}` gives
    /// `$[?@.__typename == 'Post']`). Members are kept in the order the page wrote them.
    static func bestList(in root: JSONValue) -> StateList? {
        var best: StateList?
        var budget = 100_000
        func consider(_ objects: [JSONValue], items: String, path: String) {
            guard objects.count >= 3, objects.count > (best?.count ?? 0), !isFurniture(path),
                let title = StructuredDataTier.key(in: objects, among: titleKeys), let url = urlKey(in: objects)
            else { return }
            best = StateList(items: items, title: title, url: url, count: objects.count)
        }
        // `context` adds what each object on the way calls itself (`"type": "relatedTopics"`).
        func walk(_ value: JSONValue, path: String, context: String, depth: Int) {
            guard depth < 24, budget > 0 else { return }
            budget -= 1
            switch value.content {
            case .object(let members):
                let context = context + kinds(of: members)
                for (type, objects) in typed(members) where !isTaxonomy(type) {
                    consider(objects, items: path + "[?@.__typename == '\(type)']", path: context + path + "." + type)
                }
                for member in members {
                    let step =
                        ListFinder.isIdentifier(member.key)
                        ? ".\(member.key)" : "['\(member.key.replacingOccurrences(of: "'", with: "\\'"))']"
                    walk(member.value, path: path + step, context: context, depth: depth + 1)
                }
            case .array(let elements):
                let objects = elements.filter { $0.objectValue != nil }
                if objects.count == elements.count { consider(objects, items: path + "[*]", path: context + path) }
                for (index, element) in elements.prefix(50).enumerated() {
                    walk(element, path: path + "[\(index)]", context: context, depth: depth + 1)
                }
            default: break
            }
        }
        walk(root, path: "$", context: "", depth: 0)
        return best
    }

    /// What an object says it is, for the furniture words: its `type`, `kind`, `component`
    /// or `__typename` when a short string (`relatedTopics`, `NavigationBlock`).
    private static func kinds(of members: [(key: String, value: JSONValue)]) -> String {
        var kinds = ""
        for member in members where ["type", "kind", "component", "__typename"].contains(member.key) {
            if let text = member.value.stringValue, text.count <= 64 { kinds += "(\(text))" }
        }
        return kinds
    }

    /// An object's member objects grouped by their `__typename`, in order of first appearance.
    private static func typed(_ members: [(key: String, value: JSONValue)]) -> [(String, [JSONValue])] {
        var groups: [(String, [JSONValue])] = []
        var index: [String: Int] = [:]
        for member in members {
            guard member.value.objectValue != nil, let type = member.value["__typename"]?.stringValue,
                ListFinder.isIdentifier(type)
            else { continue }
            if let at = index[type] {
                groups[at].1.append(member.value)
            } else {
                index[type] = groups.count
                groups.append((type, [member.value]))
            }
        }
        return groups.filter { $0.1.count >= 3 }
    }

    /// The key of the objects' link to their page (`pageKey`), or nil when its values are
    /// mostly files of images, video or sound (an Apollo cache's `ImageRendition`s,
    /// `MediaSize`s): such objects are no list of pages.
    static func urlKey(in objects: [JSONValue]) -> String? {
        guard let key = pageKey(in: objects) else { return nil }
        let media = objects.filter { object in
            guard let text = object[key]?.stringValue, let path = URL(string: text)?.path.lowercased() else {
                return false
            }
            return mediaExtensions.contains { path.hasSuffix("." + $0) }
        }
        return Double(media.count) >= 0.5 * Double(objects.count) ? nil : key
    }

    private static let mediaExtensions = [
        "jpg", "jpeg", "png", "gif", "webp", "avif", "svg", "bmp", "ico", "mp4", "webm", "mov", "mp3", "m4a", "ogg",
    ]

    /// A usual name (`url`, `link`…), else a name that says it is a page's address
    /// (`pageUrl`, `web_url`, `articleLink`) whose values, in most of the objects, are
    /// addresses (`https://…`, `/…`); never an image's, a video's or an API's.
    private static func pageKey(in objects: [JSONValue]) -> String? {
        if let key = StructuredDataTier.key(in: objects, among: urlKeys) { return key }
        guard let first = objects.first?.objectValue else { return nil }
        return first.map(\.key).first { key in
            let lowered = key.lowercased()
            guard ListFinder.isIdentifier(key), lowered.hasSuffix("url") || lowered.hasSuffix("link"),
                !notPageWords.contains(where: lowered.contains)
            else { return false }
            let addresses = objects.filter { object in
                guard let text = object[key]?.stringValue else { return false }
                return text.hasPrefix("https://") || text.hasPrefix("http://") || text.hasPrefix("/")
            }
            return Double(addresses.count) >= 0.8 * Double(objects.count)
        }
    }

    /// Words in a link's key that say it leads to something other than the item's page.
    private static let notPageWords = [
        "image", "img", "avatar", "thumb", "icon", "logo", "cover", "photo", "picture", "video", "audio", "media",
        "api", "embed", "share", "edit", "feed", "src", "download", "iframe",
    ]
}
