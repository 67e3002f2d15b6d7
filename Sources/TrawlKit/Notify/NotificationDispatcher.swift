import Foundation

/// Tells each notifier of a run, after its record is saved: the top-level notifiers of
/// every source, a source's own notifiers of that source.
///
/// A night with nothing to say sends nothing. A notifier that fails never fails the run:
/// the run stays pending in `Cache/notifications.json` and is sent on a later run, once,
/// before anything newer; `trawl status` shows what is waiting. A run cut short before it
/// told anyone (stopped by a signal, or killed and its record completed from the journal
/// later) is told with the next run that delivers.
struct NotificationDispatcher: Sendable {
    let configuration: Configuration
    let store: CacheStore
    let clock: WallClock
    let report: @Sendable (RunEvent) -> Void

    init(
        configuration: Configuration, store: CacheStore, clock: WallClock = .system,
        report: @escaping @Sendable (RunEvent) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.store = store
        self.clock = clock
        self.report = report
    }

    /// A notifier with what it watches: every source (nil), or one.
    struct Subscription: Sendable {
        var notifier: NotifierConfiguration
        var scope: String?
        /// The record's key in the ledger: computed once, as it is read several times a run.
        let key: String
        var label: String { scope.map { "[\($0)] \(notifier.name)" } ?? notifier.name }

        init(notifier: NotifierConfiguration, scope: String?) {
            self.notifier = notifier
            self.scope = scope
            key = Self.prefix(scope) + notifier.key
        }

        /// The keys a ledger written before canonical keys gave this subscription.
        var legacyKeys: [String] { notifier.legacyKeys.map { Self.prefix(scope) + $0 } }

        private static func prefix(_ scope: String?) -> String {
            "\(scope.map { "source \($0)" } ?? "all") "
        }
    }

    var subscriptions: [Subscription] {
        configuration.notify.map { Subscription(notifier: $0, scope: nil) }
            + configuration.sources.flatMap { source in
                source.notify.map { Subscription(notifier: $0, scope: source.id) }
            }
    }

    /// Delivers `run`, after whatever earlier runs are still pending or were never told.
    /// Problems are reported, never thrown.
    func deliver(after run: RunRecord) async {
        let subscriptions = self.subscriptions
        guard !subscriptions.isEmpty else { return }
        do {
            var ledger = try NotificationLedger.read(from: store)
            let runs = try store.runs()
            let events = HealthEvent.events(in: runs)
            let byID = Dictionary(runs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for subscription in subscriptions {
                var entry =
                    ledger.notifiers[subscription.key] ?? ledger.adopt(subscription.legacyKeys, as: subscription.key)
                    ?? .init(name: subscription.label)
                entry.name = subscription.label
                for told in Self.runs(toTell: entry, endingWith: run, in: runs)
                where !message(told, events, subscription).isEmpty && !entry.pending.contains(told.id)
                    && !entry.delivered.contains(told.id)
                {
                    entry.pending.append(told.id)
                }
                entry.lastRun = max(entry.lastRun ?? run.id, run.id)
                await deliverPending(&entry, subscription, runs: byID, events: events)
                ledger.notifiers[subscription.key] = entry
            }
            // Notifiers no longer configured are forgotten.
            let keys = Set(subscriptions.map(\.key))
            ledger.notifiers = ledger.notifiers.filter { keys.contains($0.key) }
            try ledger.write(to: store)
        } catch {
            report(.cacheProblem("cannot keep the notification record (notifications may repeat or wait): \(error)"))
        }
    }

    /// `run`, after the runs since the last one `entry`'s notifier was told of (or, in a
    /// ledger from before `lastRun`, the newest it holds); a notifier new to the ledger
    /// starts with `run`.
    static func runs(
        toTell entry: NotificationLedger.Entry, endingWith run: RunRecord, in runs: [RunRecord]
    ) -> [RunRecord] {
        guard let last = entry.lastRun ?? (entry.delivered + entry.pending).max() else { return [run] }
        return runs.filter { $0.id > last && $0.id < run.id }.sorted { $0.id < $1.id } + [run]
    }

    private func message(_ run: RunRecord, _ events: [HealthEvent], _ subscription: Subscription) -> RunNotification {
        RunNotification.make(
            run: run, events: events, configuration: configuration, scope: subscription.scope,
            notifier: subscription.notifier)
    }

    private func deliverPending(
        _ entry: inout NotificationLedger.Entry, _ subscription: Subscription, runs: [String: RunRecord],
        events: [HealthEvent]
    ) async {
        var waiting: [String] = []
        var skipped = 0
        for id in entry.pending {
            guard let run = runs[id] else {
                // Retention dropped the run's record: its news is gone, which someone must hear of.
                report(
                    .notice(
                        sourceID: "notify", message: "\(subscription.label): run \(id) expired before it was delivered")
                )
                continue
            }
            // Oldest first: after one failure, the rest wait too, so nothing arrives out of order.
            guard waiting.isEmpty else {
                waiting.append(id)
                continue
            }
            let notification = message(run, events, subscription)
            guard !notification.isEmpty else { continue }
            entry.lastAttempt = clock.now
            do {
                try await send(notification, subscription)
                entry.delivered = Array((entry.delivered + [id]).suffix(NotificationLedger.deliveredLimit))
                entry.lastDelivered = clock.now
                entry.lastError = nil
                entry.failures = 0
            } catch let failure as WebhookNotifier.Failure where failure.isRefusal {
                // Sent again it would be refused again, and hold every later night behind it.
                entry.skipped = Array((entry.skipped + [id]).suffix(NotificationLedger.deliveredLimit))
                entry.lastError = "\(failure)"
                skipped += 1
            } catch {
                waiting.append(id)
                entry.lastError = "\(error)"
                entry.failures += 1
            }
        }
        entry.pending = waiting
        if !waiting.isEmpty || skipped > 0 {
            report(
                .undelivered(
                    UndeliveredNews(
                        notifier: subscription.label, waiting: waiting.count,
                        since: waiting.first.flatMap { runs[$0]?.started }, skipped: skipped,
                        lastError: entry.lastError)))
        }
    }

    private func send(_ notification: RunNotification, _ subscription: Subscription) async throws {
        let deliveryID = "trawl-\(notification.run)-\(StableHash.of(subscription.key))"
        let folder = configuration.file.deletingLastPathComponent()
        switch subscription.notifier.target {
        case .webhook(let webhook):
            try await WebhookNotifier(webhook: webhook, deliveryID: deliveryID).send(notification)
        case .email(let email):
            try await EmailNotifier(email: email, deliveryID: deliveryID, folder: folder).send(
                notification, at: clock.now)
        case .command(let arguments):
            try await CommandNotifier(arguments: arguments, folder: folder, markdown: subscription.notifier.markdown)
                .send(notification)
        }
    }
}
