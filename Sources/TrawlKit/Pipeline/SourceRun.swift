import Foundation

/// One source's part of a run: fetch, scrape, guard, snapshot, detect changes, keep health.
///
/// Whatever fails, the last good snapshot stays on disk and the other sources go on.
struct SourceRun: Sendable {
    let source: SourceConfiguration
    /// The source's place in the configuration.
    let index: Int
    let store: CacheStore
    let fetcher: Fetcher
    let clock: WallClock
    let accept: Bool
    let journal: RunJournal
    let stop: StopRequest
    let report: @Sendable (RunEvent) -> Void

    struct Result: Sendable {
        var outcome: RunRecord.Outcome
        var changes: [Change]
        /// The `http.json` a fetched page leaves, saved once the health is recorded (which it names).
        var validators: ValidatorsFile?
    }

    /// The source's result; nil when a stop was requested before it was under way.
    func run() async -> Result? {
        guard !stop.isRequested else { return nil }
        report(.fetching(sourceID: source.id))
        let now = clock.now
        var previous: Snapshot?
        // Unreadable validators cost only an unconditional fetch, never data.
        let stored = (try? store.validatorsRecord(of: source.id)) ?? nil
        let result: Result
        do {
            guard let scraped = try await scrape(previous: &previous, stored: stored, at: now) else { return nil }
            result = scraped
        } catch {
            // A failed fetch still reports the items the source keeps.
            if previous == nil { previous = try? store.lastGoodSnapshot(of: source.id) }
            let failure = OutcomeError(
                classifying: error,
                message: SourceScrape.message(for: error, hadSnapshot: previous != nil))
            result = Result(
                outcome: .init(
                    sourceID: source.id, status: failure.isGuard ? .guarded : .failed,
                    itemCount: previous?.items.count ?? 0, error: failure),
                changes: [])
        }
        if !journal.hasJournaled(index) {
            do {
                try journal.append(
                    source: .init(
                        index: index, outcome: result.outcome, changes: [], snapshotDigest: nil, finished: now))
            } catch {
                report(.cacheProblem("[\(source.id)] \(error)"))
            }
        }
        var steadyHealth: String?
        do {
            steadyHealth = try store.record(result.outcome, at: now, knownSteady: stored?.health)
        } catch {
            report(.cacheProblem("[\(source.id)] cannot save health: \(error)"))
        }
        saveValidators(result.validators ?? stored, steadyHealth: steadyHealth, fetched: result.validators != nil)
        let news = result.changes.filter(\.isNews).count
        let baseline = result.changes.first { $0.kind == .baseline }
        report(
            .finished(
                result.outcome, changes: news, baseline: baseline != nil, rebaseline: baseline?.rebaselineReason))
        return result
    }

    /// Nil when a stop was requested while the page was being fetched: nothing is changed.
    ///
    /// The last snapshot is read into `previous` once the page has come back, not before:
    /// a run starts every source at once and each waits for its turn at the gates, so
    /// reading it first held every source's snapshot in memory for the whole night.
    private func scrape(previous: inout Snapshot?, stored: ValidatorsFile?, at now: Date) async throws -> Result? {
        let validators = stored?.validators ?? [:]
        // Keyed by the source's settings too: after an edit to its fields, a 304 must not
        // keep a snapshot the old settings made.
        let key = "\(source.url.absoluteString)#\(source.fingerprint)"
        // Without a snapshot to fall back on, a 304 would leave nothing to show; and a first
        // page that has not changed says nothing of the pages after it.
        let details = keptDetails()
        let snapshotSignature = FileSignature.of(store.snapshotPath(of: source.id))
        let hasSnapshot = snapshotSignature != nil
        // Item pages that still wait need the list page whole; only a detail source reads its
        // snapshot this early to know, and keeps it for what follows.
        let early = source.detail != nil ? try? store.lastGoodSnapshot(of: source.id) : nil
        let pagesWait = detailPagesWait(in: early, records: details)
        let conditional =
            !hasSnapshot || source.maxPages > 1 || source.request.method != "GET" || pagesWait
            ? nil : validators[key]
        let scrape = SourceScrape(source: source, fetcher: fetcher, accepting: accept)
        var fetched = try await scrape.run(validators: conditional)
        guard !stop.isRequested else { return nil }
        // A 304 for the very snapshot file saved with the validators: its items are counted
        // from `http.json`, not read (docs/FETCHING.md, "What a night costs").
        if fetched == nil, early == nil, let stamp = stored?.snapshot, stamp.file == snapshotSignature {
            return Result(
                outcome: .init(sourceID: source.id, status: .notModified, itemCount: stamp.itemCount), changes: [])
        }
        // A snapshot that exists but cannot be read (not one that cannot be decoded:
        // the store moves those aside) fails the source rather than being overwritten.
        previous = try early ?? store.lastGoodSnapshot(of: source.id)
        if fetched == nil, previous == nil, conditional != nil {
            // The snapshot a 304 would keep could not be decoded (it is moved aside): the
            // page is fetched whole, for a baseline.
            fetched = try await scrape.run(validators: nil)
            guard !stop.isRequested else { return nil }
        }
        guard let (page, combined) = fetched else {
            let count = previous?.items.count ?? 0
            return Result(outcome: .init(sourceID: source.id, status: .notModified, itemCount: count), changes: [])
        }
        for notice in combined.notices {
            report(.notice(sourceID: source.id, message: notice))
        }
        reportWarnings(combined.warnings)
        // An accepted shape may lose items, never all of them (unless the source allows it).
        try ScrapeGuard(source: source).check(combined, previous: previous, accepting: accept)
        // The snapshot is kept, but what is wrong with it is told to everyone who looks.
        var warnings = FieldCoverage(source: source).warnings(for: combined)

        // A stop lets the pages in hand finish, then the source is saved as any other.
        let (items, quiet) = await readDetails(of: combined.items, previous: previous, records: details, at: now)
        var scraped = Snapshot(sourceID: source.id, takenAt: now, items: items)
        scraped.rules = source.ruleDigests
        // An item the source's filters now leave out is no item, and never was news: after a
        // `keep` or `drop` is added, what it takes away is forgotten, not "removed".
        var compared = previous
        let filter = ItemFilter(source: source)
        if !filter.isEmpty { compared?.items.removeAll { !filter.admits($0) } }
        // What an edit to the rules (or an accepted shape) explains is not news.
        var detection = ChangeDetector(source: source)
            .detect(from: compared, to: scraped, at: now, accepted: accept)
        detection.changes.removeAll { $0.kind == .changed && quiet.contains($0.itemID) }
        // The stored snapshot still holds them: it must be written anew.
        if compared != previous { detection.isUnchanged = false }
        if !detection.duplicateIDs.isEmpty {
            let dropped = combined.items.count - Set(combined.items.map(\.id)).count
            let ids = detection.duplicateIDs.prefix(3).map { "'\(ValueExcerpt($0))'" }.joined(separator: ", ")
            let more = detection.duplicateIDs.count > 3 ? " and \(detection.duplicateIDs.count - 3) more" : ""
            let message =
                "\(dropped) of \(combined.items.count) items were dropped: they repeat the id \(ids)\(more)"
                + " of an earlier item (the first of each is kept; set idField to a field that tells them apart)"
            // A warning of the outcome, not a notice of the moment: the run's summary prints it
            // (even with --quiet) and the health keeps it, so `trawl status` still says so.
            warnings.append(message)
        }
        let outcome = RunRecord.Outcome(
            sourceID: source.id, status: .fetched, itemCount: detection.snapshot.items.count, warnings: warnings)
        try store.save(detection, outcome: outcome, index: index, at: now, journal: journal)
        // From here the snapshot has moved on: nothing may fail the source and lose its changes.
        // Only the current key is kept: validators from older settings are of no more use.
        var current = ValidatorsFile(validators: [:])
        current.validators[key] = page.validators.isEmpty || source.maxPages > 1 ? nil : page.validators
        // The snapshot a later 304 keeps, so it can count its items without decoding them.
        if !current.validators.isEmpty, let file = FileSignature.of(store.snapshotPath(of: source.id)) {
            current.snapshot = .init(file: file, itemCount: detection.snapshot.items.count)
        }
        return Result(outcome: outcome, changes: detection.changes, validators: current)
    }

    /// Saves `http.json` after the health is recorded, naming the health file when it is one
    /// a 304 leaves as it is: always after a fetched page, otherwise only when the health
    /// file it named has moved on (a night that wrote health), so a quiet night writes nothing.
    private func saveValidators(_ file: ValidatorsFile?, steadyHealth: String?, fetched: Bool) {
        guard var file, fetched || (steadyHealth != nil && !file.validators.isEmpty && file.health != steadyHealth)
        else { return }
        file.health = file.validators.isEmpty ? nil : steadyHealth
        do {
            try store.save(file, of: source.id)
        } catch {
            report(.cacheProblem("[\(source.id)] cannot save HTTP validators (next fetch is unconditional): \(error)"))
        }
    }
}
