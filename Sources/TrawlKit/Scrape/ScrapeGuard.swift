import Foundation
import TrawlHTML

/// Tells a broken scraper from news: a scrape that suddenly yields nothing, loses most of
/// its items, or lacks required fields in most of them is a failure, not a change.
struct ScrapeGuard {
    let source: SourceConfiguration

    /// Throws `ScrapeError.layoutChanged` when `result` looks like a changed layout. A page
    /// whose new shape is `accepting` may lose any number of items, but not all of them:
    /// taking nothing as the baseline would report every item removed, unless the source
    /// says it may be empty (`guard.allowEmpty`).
    func check(_ result: ScrapeResult, previous: Snapshot?, accepting: Bool = false) throws {
        let guardrail = source.guardrail
        // What the page held: items a `keep` or `drop` rule left out were found all the same,
        // so a filter that keeps few is no broken layout.
        let found = result.items.count + result.filteredOut
        if accepting {
            guard found == 0, !guardrail.allowEmpty else { return }
            let had = previous.map { " and would remove all \(CountText.of($0.items.count, "item", "items"))" } ?? ""
            throw ScrapeError.layoutChanged(
                "0 items matched \(whatMatches)\(onPage(result)): a page's new shape with no items is not taken"
                    + "\(had); fix the selectors, or set \"guard\": {\"allowEmpty\": true} if the page may be empty")
        }
        let candidates = found + result.missingRequired
        if candidates > 0, result.missingRequired > 0,
            Double(result.missingRequired) / Double(candidates) > guardrail.maxMissingRequired
        {
            // Items with no id count here too: with no required fields, that is the cause.
            let lacking =
                source.required.isEmpty
                ? "lack an id (from \(source.idFields.isEmpty ? "'url' or 'title'" : source.idFields.map { "'\($0)'" }.joined(separator: " and ")))"
                : "lack a required field (\(source.required.map { "'\($0)'" }.joined(separator: ", ")))"
            throw ScrapeError.layoutChanged("\(result.missingRequired) of \(candidates) items \(lacking)")
        }
        if found == 0, !guardrail.allowEmpty {
            throw ScrapeError.layoutChanged(
                "0 items matched \(whatMatches)\(onPage(result))\(javaScriptHint(result, previous: previous))")
        }
        if let previous, previous.items.count >= 4 {
            // A snapshot kept before `maxItems` was lowered (or set) is measured at the limit:
            // the items over it were dropped, not lost.
            let floor = Double(min(previous.items.count, source.maxItems)) * (1 - guardrail.maxLoss)
            if Double(found) < floor {
                throw ScrapeError.layoutChanged(
                    "\(CountText.of(found, "item", "items")) where the last good run had \(previous.items.count) (\(whatMatches)\(onPage(result)))"
                )
            }
        }
    }

    /// How a failure of a page that gave no items at all reads (`layout may have changed: 0
    /// items matched …`): `--accept` refuses such a page, so no advice offers it.
    static let nothingMatched = ": 0 items matched "

    /// Pages that build their lists in the browser hold many scripts and none of the list.
    static let manyScripts = 10

    /// The advice to render the page, only where it fits: the page has scripts, and the last
    /// good items' titles are not in its text (were they there, a class was renamed, and the
    /// fix is a selector). Without a last good snapshot, many scripts alone suggest it.
    private func javaScriptHint(_ result: ScrapeResult, previous: Snapshot?) -> String {
        guard source.kind != .feed, source.kind != .json, result.items.isEmpty, result.filteredOut == 0,
            result.scriptCount > 0
        else {
            return ""
        }
        let titles = (previous?.items ?? []).lazy.map { $0.title.collapsingWhitespace.lowercased() }
            .filter { $0.count >= 4 }.prefix(5)
        if titles.isEmpty {
            guard result.scriptCount >= Self.manyScripts else { return "" }
        } else {
            let text = (result.pageText ?? "").lowercased()
            guard !titles.contains(where: { text.contains($0) }) else { return "" }
        }
        let scripts = CountText.of(result.scriptCount, "<script> element", "<script> elements")
        return "; the page holds \(scripts), so the list may be built by "
            + "JavaScript: fetch it with \"render\": \"browser\""
    }

    /// ` on URL`, so the message names the page whose lists the fix is read from.
    private func onPage(_ result: ScrapeResult) -> String {
        result.pageURL.map { " on \($0.absoluteString)" } ?? ""
    }

    private var whatMatches: String {
        switch source.kind {
        case .table: return "a table headed \(source.header.joined(separator: " / "))"
        case .feed: return "the feed's entries"
        case .page: return source.items.map { "`\($0)`" } ?? "the page"
        case .list, .status, .json: return "`\(source.items ?? "")`"
        }
    }
}
