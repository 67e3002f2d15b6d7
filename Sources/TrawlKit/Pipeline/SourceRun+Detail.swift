import Foundation

/// The `detail` step of a source's run, between the scrape and the change detection.
extension SourceRun {
    /// The first five warnings, and how many more: a page of a hundred bad rows says so once.
    func reportWarnings(_ warnings: [String]) {
        for warning in warnings.prefix(5) {
            report(.warning(sourceID: source.id, message: warning))
        }
        if warnings.count > 5 {
            report(.warning(sourceID: source.id, message: "… and \(warnings.count - 5) more like these"))
        }
    }

    /// The source's kept detail records; an unreadable file costs only reading the pages
    /// again, and is reported.
    func keptDetails() -> [String: DetailRecord] {
        guard source.detail != nil else { return [:] }
        do {
            return try store.details(of: source.id)
        } catch {
            report(.cacheProblem("[\(source.id)] cannot read the items' pages read before (read again): \(error)"))
            return [:]
        }
    }

    /// Whether pages of the stored items still wait to be read: then the list is fetched in
    /// full even if unchanged, so the waiting pages are read tonight.
    func detailPagesWait(in previous: Snapshot?, records: [String: DetailRecord]) -> Bool {
        guard let detail = source.detail, let previous else { return false }
        return DetailStage.waitingCount(previous.items, records: records, settings: detail, source: source) > 0
    }

    /// The scraped items with their pages' fields and excerpts: the pages of tonight's new and
    /// changed items read (and of those waiting), at most `maxPerRun`, and the records saved.
    /// `quiet` are the items that were news on an earlier night, whose waiting page was read
    /// only tonight: what it adds to them is no change to tell.
    func readDetails(
        of items: [Item], previous: Snapshot?, records: [String: DetailRecord], at now: Date
    ) async -> (items: [Item], quiet: Set<String>) {
        guard let detail = source.detail else { return (items, []) }
        // What is new or changed, with what earlier nights read merged in, so an item whose
        // page gave fields is not "changed" for lacking them on the list.
        let merged = Snapshot(
            sourceID: source.id, takenAt: now, items: items.map { item in records[item.id].map(item.merging) ?? item })
        let changes = ChangeDetector(source: source).changes(
            from: previous, to: merged, at: now)
        let fresh: Set<String> =
            previous == nil
            ? Set(items.map(\.id)) : Set(changes.filter { $0.kind != .removed }.map(\.itemID))
        let stage = DetailStage(
            source: source, settings: detail, fetcher: fetcher, shouldStop: { [stop] in stop.isRequested })
        let outcome = await stage.run(items: items, records: records, fresh: fresh, at: now)
        reportWarnings(outcome.warnings)
        if outcome.waiting > 0 {
            report(
                .notice(
                    sourceID: source.id,
                    message:
                        "\(CountText.of(outcome.waiting, "item page", "item pages")) left to read on later runs"
                        + " (detail.maxPerRun is \(detail.maxPerRun))"))
        }
        do {
            try store.save(details: outcome.records, of: source.id)
        } catch {
            report(.cacheProblem("[\(source.id)] cannot save the items' pages read (read again next run): \(error)"))
        }
        return (outcome.items, outcome.read.subtracting(fresh))
    }
}
