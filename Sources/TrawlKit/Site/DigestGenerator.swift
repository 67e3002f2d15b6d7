import Foundation
import Mustache

/// `digests/<yyyy-mm-dd>.md` and `.html`: a day's runs in Markdown, one GFM table per
/// source of what was added, changed (old → new) and removed; and `digests/index.html`.
///
/// Several runs in one (UTC) day make one digest, their changes in run order.
enum DigestGenerator {
    struct Day: Sendable {
        var day: String
        /// Oldest first.
        var runs: [RunRecord]
        var changeCount: Int { runs.reduce(0) { $0 + $1.newsCount } }
    }

    struct Page: MustacheObject {
        var page: PageContext
        var day: String
        var markdownHref: String
        var body: String

        func member(_ key: String) -> MustacheValue? {
            switch key {
            case "page": return .custom(page)
            case "day": return .string(day)
            case "markdownHref": return .string(markdownHref)
            case "body": return .string(body)
            default: return nil
            }
        }
    }

    struct IndexPage: MustacheObject {
        var page: PageContext
        var digests: [DigestLink]
        var hasDigests: Bool

        func member(_ key: String) -> MustacheValue? {
            switch key {
            case "page": return .custom(page)
            case "digests": return .list(of: digests)
            case "hasDigests": return .bool(hasDigests)
            default: return nil
            }
        }
    }

    /// The days with runs, oldest first.
    static func days(_ runs: [RunRecord]) -> [Day] {
        var days: [Day] = []
        for run in runs.sorted(by: { ($0.started, $0.id) < ($1.started, $1.id) }) {
            let day = SiteDate.day(run.started)
            if days.last?.day == day {
                days[days.count - 1].runs.append(run)
            } else {
                days.append(Day(day: day, runs: [run]))
            }
        }
        return days
    }

    static func link(for day: Day, root: String) -> DigestLink {
        DigestLink(day: day.day, href: "\(root)digests/\(day.day).html", runs: day.runs.count, changes: day.changeCount)
    }

    /// `2026-11-30.md` or `.html`: the files this generator owns in `digests/`.
    static func isDigestFileName(_ name: String) -> Bool {
        let stem: Substring
        if name.hasSuffix(".md") {
            stem = name.dropLast(3)
        } else if name.hasSuffix(".html") {
            stem = name.dropLast(5)
        } else {
            return false
        }
        return stem.count == 10
            && stem.enumerated().allSatisfy { index, character in
                index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
            }
    }

    static func generate(_ site: GenerationContext) throws {
        let days = days(site.content.runs)
        let root = "../"
        for day in days {
            let markdown = DigestMarkdown.render(day, content: site.content)
            try site.writer.write(markdown, to: "digests/\(day.day).md")
            let page = Page(
                page: site.page(root: root, title: "Digest for \(day.day)"), day: day.day,
                markdownHref: "\(day.day).md", body: MarkdownRenderer.html(markdown))
            try site.writePage("digest", page, to: "digests/\(day.day).html")
        }
        let links = days.reversed().map { link(for: $0, root: root) }
        let index = IndexPage(page: site.page(root: root, title: "Digests"), digests: links, hasDigests: !links.isEmpty)
        try site.writePage("digests", index, to: "digests/index.html")
    }
}
