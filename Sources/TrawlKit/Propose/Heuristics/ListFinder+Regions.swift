import TrawlHTML

extension ListFinder {
    /// Where on the page a list stands, as the nearest telling ancestor says.
    enum Region: Equatable {
        /// Navigation, a header or footer, a sidebar, an archive, pagination, a sponsored block,
        /// the inside of a closed `<details>`.
        case boilerplate
        /// `main`, an `article`, `role=main`, or an element its author called the content.
        case content
        case unknown

        var weight: Double {
            switch self {
            case .boilerplate: return 0.15
            case .content: return 1.5
            case .unknown: return 1
            }
        }
    }

    /// The region of the nearest ancestor (from the node itself up) that tells one.
    static func region(of node: Node) -> Region {
        var current: Node? = node
        var steps = 0
        while let element = current, element.tag != "body", element.tag != "html", steps < 256 {
            if boilerplateTags.contains(element.tag) { return .boilerplate }
            // A closed `<details>` shows its summary only: what is inside, a reader does not see.
            if element.tag == "details", element.attr("open") == nil { return .boilerplate }
            if let role = element.attr("role")?.lowercased() {
                if boilerplateRoles.contains(role) { return .boilerplate }
                if role == "main" || role == "feed" { return .content }
            }
            let words = NameWords.of(element)
            if words.contains(where: boilerplateWords.contains) { return .boilerplate }
            if element.tag == "main" || words.contains(where: contentWords.contains) { return .content }
            current = element.parent
            steps += 1
        }
        return .unknown
    }

    /// Whether the node stands inside a closed `<details>` (or is one): hidden until opened.
    static func isFolded(_ node: Node) -> Bool {
        var current: Node? = node
        var steps = 0
        while let element = current, element.tag != "body", steps < 256 {
            if element.tag == "details", element.attr("open") == nil { return true }
            current = element.parent
            steps += 1
        }
        return false
    }

    static let boilerplateTags: Set<String> = ["nav", "header", "footer", "aside", "menu"]

    static let boilerplateRoles: Set<String> = [
        "navigation", "banner", "contentinfo", "complementary", "menu", "menubar", "search", "tablist",
    ]

    /// Words of a class or id that name a page's furniture rather than its content.
    static let boilerplateWords: Set<String> = [
        "nav", "navbar", "navigation", "menu", "menus", "submenu", "megamenu", "dropdown", "sidebar", "sidenav",
        "footer", "header", "masthead", "topbar", "toolbar", "breadcrumb", "breadcrumbs", "widget", "widgets",
        "archive", "archives", "calendar", "pagination", "pager", "paging", "sponsor", "sponsored",
        "sponsors", "ad", "ads", "advert", "adverts", "advertisement", "promo", "promoted", "skip", "skiplinks",
        "social", "share", "sharing", "cookie", "cookies", "blogroll", "tagcloud", "related", "trending",
    ]

    /// Words of a class or id that name the content.
    static let contentWords: Set<String> = ["main", "content", "primary", "posts", "results", "feed", "articles"]
}
