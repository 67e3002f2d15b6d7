import Foundation
import Mustache
import TrawlDates

/// `sources/<id>/index.html`: every item of a source, in the view that fits its kind, the
/// first `site.pageSize` of them; a longer source goes on in `page-2.html`, … (`Pagination`).
///
/// Tabular sources are a sortable table; a status source is a list of switches (with when
/// each last flipped, and the ones that left the page); other lists group dated items as
/// Upcoming, Today and Earlier, where today is the day of the last run (never the clock,
/// so the page does not change by itself). A podcast's episodes get a player.
enum SourcePageGenerator {
    struct Page: MustacheObject {
        var page: PageContext
        var source: SourceView
        var sourceURL: String
        var hasItems: Bool
        var table: TableView?
        var groups: [ItemGroup]
        /// Nil when every item fits on one page.
        var pagination: Pagination? = nil

        func member(_ key: String) -> MustacheValue? {
            switch key {
            case "page": return .custom(page)
            case "source": return .custom(source)
            case "sourceURL": return .string(sourceURL)
            case "hasItems": return .bool(hasItems)
            case "table": return table.map { .custom($0) }
            case "groups": return .list(of: groups)
            case "pagination": return pagination.map { .custom($0) }
            default: return nil
            }
        }
    }

    /// Fields shown in their own place in a list, not again among the details.
    static let listedElsewhere: Set<String> = ["title", "url", "date", "summary"]

    static func generate(_ site: GenerationContext) throws {
        let today = site.content.latestRun.map { SiteDate.startOfDay($0.started) }
        let wording = site.wording
        let pageSize = site.content.site.pageSize
        let latestChanges = site.content.latestRun?.changesBySource ?? [:]
        for source in site.content.sources {
            let root = "../../"
            let files = source.files.mapValues { root + $0.relativePath }
            var page = Page(
                page: site.page(
                    root: root, title: source.name, feedHref: "feed.atom", jsonFeedHref: "feed.json",
                    feedTitle: "\(SafeText.line(site.content.site.title)): \(source.name)"),
                source: SourceView(source, root: root, wording: wording),
                sourceURL: SafeText.link(source.configuration.url) ?? "",
                hasItems: source.itemCount > 0, table: nil, groups: [])
            let folder = "sources/\(source.id)/"
            let news = Self.news(in: latestChanges[source.id] ?? [])
            // A status page also shows the runs (when each switch flipped): always rendered.
            guard source.configuration.kind != .status else {
                let groups = switches(source, runs: site.content.runs, files: files, wording: wording, news: news)
                page.hasItems = !groups.isEmpty
                try writePages(page, groups: groups, table: nil, pageSize: pageSize, in: folder, site)
                continue
            }
            // Everything the page shows but the items, and what the items are made of.
            let shown = Self.canonicalText(page)
            let settings = CanonicalKey(of: source.configuration).encoding
            let count = Pagination.pageCount(total: source.itemCount, pageSize: pageSize)
            let paths = (1...count).map { folder + Pagination.fileName($0) }
            let articles = ArticlePageGenerator.pages(of: source)
            try site.writeUnlessCurrent(paths) { digest in
                digest.add(shown)
                digest.add(String(pageSize))
                digest.add(settings)
                digest.add(source.stored.digest)
                digest.add(files.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }.joined(separator: "\n"))
                digest.add(today.map { DateCodec.rfc3339($0) } ?? "")
                digest.add(articles.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }.joined(separator: "\n"))
                digest.add(
                    news.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value.rawValue)" }.joined(separator: "\n"))
            } render: {
                switch source.configuration.kind {
                case _ where source.itemCount == 0:
                    // "No items yet", and no empty table or list.
                    try writePages(page, groups: [], table: nil, pageSize: pageSize, in: folder, site)
                case .table:
                    let table = TableView(source.items, files: files, wording: wording, news: news)
                    try writePages(page, groups: [], table: table, pageSize: pageSize, in: folder, site)
                default:
                    let groups = groups(
                        source.items, files: files, today: today, wording: wording, articles: articles, news: news)
                    try writePages(page, groups: groups, table: nil, pageSize: pageSize, in: folder, site)
                }
            }
        }
    }

    /// What a page shows: every member its model holds, written out by `CanonicalModelText`.
    static func canonicalText(_ page: Page) -> String {
        CanonicalModelText.of(page)
    }

    /// Writes `page` with `groups` or `table` cut into pages of `pageSize` items: the
    /// first in `index.html`, the rest in `page-2.html`, … Every page of a table has all
    /// its columns, and a group cut across pages keeps its heading on each.
    static func writePages(
        _ page: Page, groups: [ItemGroup], table: TableView?, pageSize: Int, in folder: String,
        _ site: GenerationContext
    ) throws {
        let total = table?.rows.count ?? groups.reduce(0) { $0 + $1.items.count }
        guard let pages = Pagination.pages(total: total, pageSize: pageSize, wording: site.wording) else {
            var page = page
            page.table = table
            page.groups = groups
            return try site.writePage("source", page, to: folder + "index.html")
        }
        for pagination in pages {
            let range = Pagination.range(of: pagination.number, total: total, pageSize: pageSize)
            var page = page
            page.pagination = pagination
            if var table {
                table.rows = Array(table.rows[range])
                page.table = table
            }
            page.groups = slice(groups, range)
            try site.writePage("source", page, to: folder + Pagination.fileName(pagination.number))
        }
    }

    /// The items at `range` of the groups' items taken in order, in their groups.
    static func slice(_ groups: [ItemGroup], _ range: Range<Int>) -> [ItemGroup] {
        var sliced: [ItemGroup] = []
        var offset = 0
        for group in groups {
            let lower = max(range.lowerBound, offset) - offset
            let upper = min(range.upperBound, offset + group.items.count) - offset
            if lower < upper {
                sliced.append(ItemGroup(heading: group.heading, id: group.id, items: Array(group.items[lower..<upper])))
            }
            offset += group.items.count
        }
        return sliced
    }

    /// Dated items as Upcoming (after the last run's day), Today and Earlier; undated lists as one group.
    static func groups(
        _ items: [Item], files: [String: String], today: Date?, wording: ValueWording,
        articles: [String: String] = [:], news: [String: Change.Kind] = [:]
    )
        -> [ItemGroup]
    {
        let views = items.map {
            view($0, files: files, wording: wording, articleHref: articles[$0.id] ?? "", news: news[$0.id])
        }
        guard let today, items.contains(where: { $0.date != nil }) else {
            return [ItemGroup(heading: "", id: "all", items: views)]
        }
        let tomorrow = today.addingTimeInterval(86_400)
        var upcoming: [ItemView] = []
        var recent: [ItemView] = []
        var earlier: [ItemView] = []
        // By index: a zip would copy every item on the way.
        for index in items.indices {
            let view = views[index]
            guard let date = items[index].date else {
                earlier.append(view)
                continue
            }
            if date >= tomorrow {
                upcoming.append(view)
            } else if date >= today {
                recent.append(view)
            } else {
                earlier.append(view)
            }
        }
        return [
            ItemGroup(heading: "Upcoming", id: "upcoming", items: upcoming),
            ItemGroup(heading: "Today", id: "today", items: recent),
            ItemGroup(heading: "Earlier", id: "earlier", items: earlier),
        ].filter { !$0.items.isEmpty }
    }

    /// What the latest run found (`changes`: a source's) of each of its items it added,
    /// brought back or changed (news only: a change to an ignored field is none), by item id.
    static func news(in changes: [Change]) -> [String: Change.Kind] {
        var kinds: [String: Change.Kind] = [:]
        for change in changes where change.isNews {
            switch change.kind {
            case .added, .reappeared, .changed: kinds[change.itemID] = change.kind
            case .removed, .baseline: break
            }
        }
        return kinds
    }

    /// A status source: its switches in the page's order, then the ones that have gone.
    static func switches(
        _ source: SiteContent.Source, runs: [RunRecord], files: [String: String], wording: ValueWording,
        news: [String: Change.Kind] = [:]
    )
        -> [ItemGroup]
    {
        let history = SwitchHistory(sourceID: source.id, current: source.items, runs: runs)
        let current = source.items.map { item -> ItemView in
            var marks = SwitchMarks()
            if let time = history.lastFlip[item.id] {
                marks.flippedAt = DateCodec.rfc3339(time)
                marks.flippedAtText = wording.dateTime(time)
            } else if let time = history.trackedSince {
                marks.trackedSince = DateCodec.rfc3339(time)
                marks.trackedSinceText = wording.dateTime(time)
            }
            marks.flipped = history.flippedInLatestRun.contains(item.id)
            return view(item, files: files, wording: wording, marks: marks, news: news[item.id])
        }
        let gone = history.gone.map { item, since -> ItemView in
            let marks = SwitchMarks(
                state: "gone", stateText: "Gone", flippedAt: DateCodec.rfc3339(since),
                flippedAtText: wording.dateTime(since), gone: true)
            return view(item, files: [:], wording: wording, marks: marks)
        }
        return [
            ItemGroup(heading: "", id: "switches", items: current),
            ItemGroup(heading: "No longer on the page", id: "gone", items: gone),
        ].filter { !$0.items.isEmpty }
    }

    /// `on` or `off` from a status item's `on` field (the pipeline sets it from the
    /// configured `on` values), or empty for other items.
    static func state(of item: Item) -> String {
        guard case .bool(let on)? = item[field: "on"] else { return "" }
        return on ? "on" : "off"
    }

    /// The item's view; `marks` are what a status page adds to a switch.
    static func view(
        _ item: Item, files: [String: String], wording: ValueWording, marks: SwitchMarks = SwitchMarks(),
        articleHref: String = "", news: Change.Kind? = nil
    ) -> ItemView {
        let title = SafeText.line(item.title)
        let all = item.fields.map { FieldValue($0, wording: wording) }
        let byName = FieldValue.byName(all)
        let state = state(of: item)
        let episode = EpisodeView(byName)
        // A field that only repeats the title (a status label), the state the badge shows,
        // or what an episode's player shows is not listed again.
        let details = zip(item.fields, all).filter { field, _ in
            !listedElsewhere.contains(field.name) && !(field.value.text == item.title && field.name != "title")
                && !(!state.isEmpty && SwitchHistory.stateFields.contains(field.name))
                && !(episode != nil && EpisodeView.shownFields.contains(field.name))
        }.map(\.1)
        let summary = item.summary.map(SafeText.line) ?? ""
        return ItemView(
            title: title.isEmpty ? SafeText.line(item.id) : title,
            href: SafeText.link(item.link) ?? "",
            date: item.date.map(DateCodec.rfc3339) ?? "",
            dateText: item.date.map(wording.date) ?? "",
            summary: summary, fields: byName, fieldList: all, details: details, hasDetails: !details.isEmpty,
            fileHref: files[item.id] ?? "",
            isEpisode: episode != nil, isSwitch: !state.isEmpty, isPlain: episode == nil && state.isEmpty,
            episode: episode ?? .none, state: state, stateText: state == "on" ? "On" : state == "off" ? "Off" : "",
            marks: marks, news: news, search: searchText(title, summary, details, state), articleHref: articleHref)
    }

    /// The non-empty texts joined by spaces, lower-cased: built in one string, as every item has one.
    private static func searchText(
        _ title: String, _ summary: String, _ details: [FieldValue], _ state: String
    ) -> String {
        var text = ""
        func add(_ part: String) {
            guard !part.isEmpty else { return }
            if !text.isEmpty { text += " " }
            text += part
        }
        add(title)
        add(summary)
        for detail in details { add(detail.human) }
        add(state)
        return text.lowercased()
    }
}
