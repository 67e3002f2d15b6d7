import Foundation
import Mustache
import TrawlDates

/// `index.html`: what needs attention first (sources that failed or whose layout was
/// refused, with their error and what to do), then the latest run's changes grouped by
/// source, then earlier runs, every source's health, and the latest digests.
enum IndexPageGenerator {
    /// How many changes the front page lists across its runs (the feeds hold more).
    static let changeLimit = 50
    /// How many earlier runs it shows.
    static let earlierRunLimit = 10

    struct Page: MustacheObject {
        struct LastRun: MustacheObject {
            var time: String
            var text: String
            var summary: String

            func member(_ key: String) -> MustacheValue? {
                switch key {
                case "time": return .string(time)
                case "text": return .string(text)
                case "summary": return .string(summary)
                default: return nil
                }
            }
        }
        var page: PageContext
        var lastRun: LastRun?
        /// Sources whose last attempt failed, longest-failing first.
        var problems: [SourceView]
        var hasProblems: Bool
        /// `All 6 sources are fine.` or `2 of 6 sources need attention.`
        var healthSummary: String
        var latest: RunView?
        var earlier: [RunView]
        var hasEarlier: Bool
        /// Every source: those with problems first, then in the configuration's order.
        var sources: [SourceView]
        var digests: [DigestLink]
        var hasDigests: Bool

        func member(_ key: String) -> MustacheValue? {
            switch key {
            case "page": return .custom(page)
            case "lastRun": return lastRun.map { .custom($0) }
            case "problems": return .list(of: problems)
            case "hasProblems": return .bool(hasProblems)
            case "healthSummary": return .string(healthSummary)
            case "latest": return latest.map { .custom($0) }
            case "earlier": return .list(of: earlier)
            case "hasEarlier": return .bool(hasEarlier)
            case "sources": return .list(of: sources)
            case "digests": return .list(of: digests)
            case "hasDigests": return .bool(hasDigests)
            default: return nil
            }
        }
    }

    static func generate(_ site: GenerationContext) throws {
        let content = site.content
        let root = ""
        let wording = site.wording
        let sources = content.sources.enumerated().sorted { left, right in
            let (l, r) = (left.element.health, right.element.health)
            if l.stale != r.stale { return l.stale }
            if l.stale, l.consecutiveFailures != r.consecutiveFailures {
                return l.consecutiveFailures > r.consecutiveFailures
            }
            return left.offset < right.offset
        }.map { SourceView($0.element, root: root, wording: wording) }
        let problems = sources.filter(\.hasProblem)
        var budget = changeLimit
        let runs = content.runs.reversed().prefix(earlierRunLimit + 1).map { run in
            RunView(run, content: content, root: root, wording: wording, budget: &budget)
        }
        let digests = Array(DigestGenerator.days(content.runs).reversed().prefix(7)).map {
            DigestGenerator.link(for: $0, root: root)
        }
        let earlier = runs.dropFirst().filter(\.hasSources)
        let page = Page(
            page: site.page(root: root, title: content.site.title),
            lastRun: content.latestRun.map { run in
                Page.LastRun(
                    time: DateCodec.rfc3339(run.started), text: wording.dateTime(run.started),
                    summary: RunView.summary(run, sourceIDs: content.sources.map(\.id)))
            },
            problems: problems, hasProblems: !problems.isEmpty,
            healthSummary: healthSummary(problems: problems.count, of: sources.count),
            latest: runs.first, earlier: Array(earlier), hasEarlier: !earlier.isEmpty,
            sources: sources, digests: digests, hasDigests: !digests.isEmpty)
        try site.writePage("index", page, to: "index.html")
    }

    static func healthSummary(problems: Int, of total: Int) -> String {
        if total == 0 { return "No sources are configured." }
        if problems == 0 { return total == 1 ? "The source is fine." : "All \(total) sources are fine." }
        let verb = problems == 1 ? "needs" : "need"
        return total == 1 ? "The source \(verb) attention." : "\(problems) of \(total) sources \(verb) attention."
    }
}
