import Foundation

/// Tells a broken scraper from news: a scrape that suddenly yields nothing, loses most of
/// its items, or lacks required fields in most of them is a failure, not a change.
struct ScrapeGuard {
    let source: SourceConfiguration

    /// Throws `ScrapeError.layoutChanged` when `result` looks like a changed layout.
    func check(_ result: ScrapeResult, previous: Snapshot?) throws {
        let guardrail = source.guardrail
        // What the page held: items a `keep` or `drop` rule left out were found all the same,
        // so a filter that keeps few is no broken layout.
        let found = result.items.count + result.filteredOut
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
            throw ScrapeError.layoutChanged("0 items matched \(whatMatches)\(javaScriptHint(result))")
        }
        if let previous, previous.items.count >= 4 {
            // A snapshot kept before `maxItems` was lowered (or set) is measured at the limit:
            // the items over it were dropped, not lost.
            let floor = Double(min(previous.items.count, source.maxItems)) * (1 - guardrail.maxLoss)
            if Double(found) < floor {
                throw ScrapeError.layoutChanged(
                    "\(CountText.of(found, "item", "items")) where the last good run had \(previous.items.count) (\(whatMatches))"
                )
            }
        }
    }

    /// Pages that build their lists in the browser hold many scripts and none of the list.
    static let manyScripts = 10

    private func javaScriptHint(_ result: ScrapeResult) -> String {
        guard source.kind != .feed, source.kind != .json, result.items.isEmpty, result.filteredOut == 0,
            result.scriptCount >= Self.manyScripts
        else { return "" }
        return "; the page holds \(result.scriptCount) <script> elements, so the list may be built by "
            + "JavaScript: fetch it with \"render\": \"browser\""
    }

    private var whatMatches: String {
        switch source.kind {
        case .table: return "a table headed \(source.header.joined(separator: " / "))"
        case .feed: return "the feed's entries"
        case .list, .status, .json: return "`\(source.items ?? "")`"
        }
    }
}
