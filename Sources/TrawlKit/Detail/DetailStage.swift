import Foundation
import TrawlText

/// A source's `detail` step in a run: reads the own pages of its new and changed items (and
/// of those still waiting from earlier runs), at most `maxPerRun`, and merges what they
/// gave into the items. Nothing here fails the source: a page that cannot be read keeps its
/// item as it is, is warned of by URL, and is asked for again on a later run.
struct DetailStage: Sendable {
    let source: SourceConfiguration
    let settings: DetailSettings
    let fetcher: Fetcher
    /// Asked between pages: true when the run is being stopped.
    var shouldStop: @Sendable () -> Bool = { false }

    /// What the step did.
    struct Outcome: Sendable {
        /// The scraped items with every kept record merged in.
        var items: [Item]
        /// The records to keep: one per item whose page was read or is waiting.
        var records: [String: DetailRecord]
        /// How many pages were fetched (a 304 counts: it was asked).
        var fetched = 0
        /// Pages still to read on later runs.
        var waiting = 0
        /// The items whose page was read tonight (a 304 included).
        var read: Set<String> = []
        /// One line per page that failed or had no article.
        var warnings: [String] = []
    }

    /// The items with what their pages give; `fresh` are the ids of the items that are new or
    /// changed tonight (read first, and again if read before), in `items`' order.
    func run(items: [Item], records kept: [String: DetailRecord], fresh: Set<String>, at now: Date) async -> Outcome {
        let fingerprint = settings.fingerprint
        let reader = DetailPageReader(source: source, settings: settings, fetcher: fetcher)
        // Only the items listed tonight keep records: a page of an item gone is of no more use.
        var records: [String: DetailRecord] = [:]
        for item in items { records[item.id] = kept[item.id] }
        let queue = Self.queue(items, records: records, fresh: fresh, fingerprint: fingerprint, source: source)
        var outcome = Outcome(items: items, records: records)
        for (item, url) in queue.prefix(settings.maxPerRun) {
            guard !shouldStop() else { break }
            let previous = records[item.id].flatMap { $0.url == item.urlText && $0.settings == fingerprint ? $0 : nil }
            outcome.fetched += 1
            do {
                let record = try await reader.read(url, previous: previous, at: now)
                if settings.article != .none, record.article == nil {
                    outcome.warnings.append("\(url.absoluteString): no article found on the item's page")
                }
                outcome.records[item.id] = record
                outcome.read.insert(item.id)
            } catch {
                var failed = previous ?? DetailRecord(url: item.urlText ?? url.absoluteString, settings: fingerprint)
                failed.failures += 1
                failed.problem = "\(error)"
                outcome.records[item.id] = failed
                let again =
                    failed.failures < DetailRecord.maximumFailures
                    ? "tried again next run"
                    : "not asked for again after \(CountText.of(DetailRecord.maximumFailures, "failure", "failures"))"
                outcome.warnings.append(
                    "item page \(ValueExcerpt(url.absoluteString)): \(error) (item kept without it; \(again))")
            }
        }
        outcome.waiting = Self.waitingCount(items, records: outcome.records, settings: settings, source: source)
        outcome.items = items.map { item in outcome.records[item.id].map(item.merging) ?? item }
        return outcome
    }

    /// The items whose pages are to be read, in order: tonight's new and changed ones first,
    /// then those waiting from earlier runs, each in page order. Only pages an item may lead
    /// to are read (`URL.mayBeFollowed`: the web, or a local source's own folder).
    static func queue(
        _ items: [Item], records: [String: DetailRecord], fresh: Set<String>, fingerprint: String,
        source: SourceConfiguration
    ) -> [(item: Item, url: URL)] {
        let folder = source.url.isFileURL ? source.url.deletingLastPathComponent() : nil
        var first: [(item: Item, url: URL)] = []
        var then: [(item: Item, url: URL)] = []
        for item in items {
            guard let text = item.urlText, let url = item.url, url.mayBeFollowed(from: source.url, within: folder)
            else { continue }
            let record = records[item.id]
            if fresh.contains(item.id), record.map({ $0.failures < DetailRecord.maximumFailures }) ?? true {
                first.append((item, url))
            } else if record?.isWaiting(for: text, settings: fingerprint) ?? true {
                then.append((item, url))
            }
        }
        return first + then
    }

    /// How many of `items` still wait for their page to be read (what `trawl status` says).
    static func waitingCount(
        _ items: [Item], records: [String: DetailRecord], settings: DetailSettings, source: SourceConfiguration
    ) -> Int {
        queue(items, records: records, fresh: [], fingerprint: settings.fingerprint, source: source).count
    }
}
