import Foundation

/// What one notifier is told of one run: the changes of the sources it watches, and the
/// sources that broke or recovered. Encoded as the webhook's `json` body (docs/NOTIFY.md).
struct RunNotification: Sendable {
    struct FieldChange: Sendable {
        var field: String
        /// The cache's wording (RFC 3339 dates, plain digits); null when absent.
        var before: String?
        var after: String?
        /// The human wording: `1:80,000`, `1 December 2026`.
        var beforeText: String
        var afterText: String
    }

    struct ItemChange: Sendable {
        /// `added`, `changed`, `removed`, `reappeared`.
        var kind: String
        var id: String
        var title: String
        var url: String?
        /// The change in words: "Chart 11451 rescaled: 1:80,000 → 1:100,000".
        var text: String
        var fields: [FieldChange]
        /// For a new item of a source with `detail`: its article's excerpt (its summary).
        var excerpt: String? = nil
        /// What the sentence does not say, as plain lines: a changed text's words as
        /// `[-old-] {+new+}` (a `page` watch's news), a field's old and new value.
        var details: [String] = []
    }

    struct SourceChanges: Sendable {
        var id: String
        var name: String
        /// The source's page on the site, when `site.url` is set.
        var page: String?
        var changes: [ItemChange]
    }

    struct Failure: Sendable {
        var source: String
        var name: String
        /// `broke`, `recovered`, `degraded` (field warnings began) or `repaired` (they stopped).
        var event: String
        var error: String?
        /// For `broke`: the error's kind (`httpStatus`, `guard`, … docs/CACHE.md).
        var errorKind: String?
        var text: String
    }

    var version = 1
    var run: String
    var started: Date
    var finished: Date
    var site: String?
    var siteTitle: String
    /// The day's digest on the site, when `site.url` is set.
    var digest: String?
    var counts: Counts
    var sources: [SourceChanges]
    var failures: [Failure]
    /// Changes and failures left out to fit a chat service's limit (`prefix(_:)`).
    var omitted = 0

    struct Counts: Sendable {
        var changes: Int
        var added: Int
        var changed: Int
        var removed: Int
        var reappeared: Int
        var failures: Int
    }

    /// True when there is nothing to send.
    var isEmpty: Bool { counts.changes == 0 && failures.isEmpty }

    /// What `notifier`, watching `scope` (nil: every source), is told of `run`.
    static func make(
        run: RunRecord, events: [HealthEvent], configuration: Configuration, scope: String?,
        when: Set<NotifierConfiguration.Event>
    ) -> RunNotification {
        make(
            run: run, events: events, configuration: configuration, scope: scope,
            notifier: NotifierConfiguration(target: .command([]), when: when))
    }

    /// What `notifier`, watching `scope` (nil: every source), is told of `run`: the changes it
    /// asked for (`NotifierConfiguration.tells(of:)`), the failures when it asked for them.
    static func make(
        run: RunRecord, events: [HealthEvent], configuration: Configuration, scope: String?,
        notifier: NotifierConfiguration
    ) -> RunNotification {
        let when = notifier.when
        let wording = ValueWording()
        let watched = configuration.sources.filter { scope == nil || $0.id == scope }
        let site = configuration.site.url
        func absolute(_ path: String) -> String? {
            guard let site else { return nil }
            let base = site.absoluteString.hasSuffix("/") ? site : site.appendingPathComponent("")
            return URL(string: path, relativeTo: base)?.absoluteURL.absoluteString
        }
        var sources: [SourceChanges] = []
        if when.contains(.changes) || when.contains(.added) {
            let changesBySource = run.changesBySource
            for source in watched {
                let name = SafeText.line(source.name)
                let changes = (changesBySource[source.id] ?? []).filter(notifier.tells(of:)).map { change in
                    let description = ChangeDescription(change, sourceName: name, wording: wording)
                    let fields = change.fieldChanges.map { field in
                        FieldChange(
                            field: field.field, before: field.old.map(\.text), after: field.new.map(\.text),
                            beforeText: field.old.map { wording.text($0, field: field.field) } ?? "",
                            afterText: field.new.map { wording.text($0, field: field.field) } ?? "")
                    }
                    // What a new item's own page says it is about, where it was read (`detail`).
                    let isNew = change.kind == .added || change.kind == .reappeared
                    return ItemChange(
                        kind: change.kind.rawValue, id: change.itemID, title: description.title,
                        url: description.link?.absoluteString, text: description.sentence, fields: fields,
                        excerpt: source.detail != nil && isNew ? description.summary : nil,
                        details: description.detailLines)
                }
                guard !changes.isEmpty else { continue }
                sources.append(
                    SourceChanges(
                        id: source.id, name: name, page: absolute("sources/\(source.id)/index.html"), changes: changes))
            }
        }
        var failures: [Failure] = []
        if when.contains(.failures) {
            for event in events where event.runID == run.id {
                guard let source = watched.first(where: { $0.id == event.sourceID }) else { continue }
                let name = SafeText.line(source.name)
                var text = event.sentence(sourceName: name)
                if event.kind == .broke || event.kind == .degraded, let reason = event.reason {
                    text += ": \(SafeText.line(reason))"
                    if event.warnings.count > 1 { text += " (and \(event.warnings.count - 1) more)" }
                }
                failures.append(
                    Failure(
                        source: source.id, name: name, event: event.kind.rawValue, error: event.reason,
                        errorKind: event.error?.kind.rawValue, text: text))
            }
        }
        let all = sources.flatMap(\.changes)
        func count(_ kind: Change.Kind) -> Int { all.filter { $0.kind == kind.rawValue }.count }
        return RunNotification(
            run: run.id, started: run.started, finished: run.finished, site: site?.absoluteString,
            siteTitle: SafeText.line(configuration.site.title),
            digest: absolute("digests/\(SiteDate.day(run.started)).html"),
            counts: Counts(
                changes: all.count, added: count(.added), changed: count(.changed), removed: count(.removed),
                reappeared: count(.reappeared), failures: failures.count),
            sources: sources, failures: failures)
    }

    /// "Trawl demo: 3 changes, 1 source stopped working".
    var subject: String {
        var parts: [String] = []
        if counts.changes > 0 { parts.append(CountText.of(counts.changes, "change", "changes")) }
        func count(_ kind: HealthEvent.Kind) -> Int { failures.filter { $0.event == kind.rawValue }.count }
        let broke = count(.broke)
        let degraded = count(.degraded)
        let recovered = count(.recovered)
        let repaired = count(.repaired)
        if broke > 0 { parts.append("\(CountText.of(broke, "source", "sources")) stopped working") }
        if degraded > 0 {
            parts.append("\(CountText.of(degraded, "source", "sources")) stopped working properly")
        }
        if recovered > 0 { parts.append("\(CountText.of(recovered, "source works", "sources work")) again") }
        if repaired > 0 {
            parts.append("\(CountText.of(repaired, "source works", "sources work")) properly again")
        }
        return "\(siteTitle): " + parts.joined(separator: ", ")
    }
}
