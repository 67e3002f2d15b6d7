import Foundation
import TrawlJSON

/// `Cache/notifications.json`: for each notifier, the runs it has still to be told of and
/// the last ones it was told of, so a notifier that is down tonight hears of tonight's
/// changes tomorrow, once.
///
/// ```json
/// {"schemaVersion": 1, "notifiers": {"all webhook https://hooks.example.org/x #9c1e…": {
///   "name": "webhook https://hooks.example.org/x", "pending": ["20261201T040000.000Z"],
///   "delivered": ["20261130T040000.000Z"], "lastAttempt": "…", "lastDelivered": "…",
///   "lastError": "HTTP 503 after 3 attempts", "failures": 1, "lastRun": "20261201T040000.000Z"}}}
/// ```
struct NotificationLedger: Sendable, Equatable {
    static let schemaVersion = 1
    static let fileName = "notifications.json"
    /// How many delivered run ids each notifier remembers (enough to never send one twice).
    static let deliveredLimit = 50

    struct Entry: Sendable, Equatable {
        /// The notifier as `trawl status` shows it, without secrets.
        var name: String
        /// Runs with something to tell, not delivered yet, oldest first.
        var pending: [String] = []
        /// The latest runs delivered, oldest first.
        var delivered: [String] = []
        /// The latest runs the receiver refused for good (HTTP 4xx but 408, 429): never retried.
        var skipped: [String] = []
        var lastAttempt: Date?
        var lastDelivered: Date?
        var lastError: String?
        /// Failed attempts in a row (each run's retries count once).
        var failures: Int = 0
        /// The newest run this notifier was told of, or had nothing to hear about: the runs
        /// after it that it never heard of were cut short, and are told next.
        var lastRun: String?
    }

    var notifiers: [String: Entry] = [:]

    /// The record kept under one of `legacyKeys` (a ledger written before canonical keys),
    /// moved to `key`; nil when there is none.
    mutating func adopt(_ legacyKeys: [String], as key: String) -> Entry? {
        guard let legacy = legacyKeys.first(where: { notifiers[$0] != nil }),
            let entry = notifiers.removeValue(forKey: legacy)
        else { return nil }
        notifiers[key] = entry
        return entry
    }

    static func file(in store: CacheStore) -> URL {
        store.root.appendingPathComponent(fileName)
    }

    /// The ledger in `store`; empty when there is none yet. An unusable one is moved aside
    /// and reported by the store (its pending runs are then not retried).
    static func read(from store: CacheStore) throws -> NotificationLedger {
        try store.read(
            NotificationLedger.self, at: file(in: store),
            consequence: "notifications not yet delivered will not be retried")
            ?? NotificationLedger()
    }

    func write(to store: CacheStore) throws {
        try store.write(self, to: Self.file(in: store))
    }
}

extension NotificationLedger: CacheJSONFile {
    var schemaVersion: Int { Self.schemaVersion }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        for (key, entry) in try json.required("notifiers").members() {
            notifiers[key] = Entry(
                name: try entry.required("name").string(), pending: try entry.required("pending").strings(),
                delivered: try entry.required("delivered").strings(),
                skipped: try entry.optional("skipped")?.strings() ?? [],
                lastAttempt: try entry.optional("lastAttempt")?.date(),
                lastDelivered: try entry.optional("lastDelivered")?.date(),
                lastError: try entry.optional("lastError")?.string(),
                failures: try entry.optional("failures")?.int() ?? 0,
                lastRun: try entry.optional("lastRun")?.string())
        }
    }

    var cacheJSON: JSONValue {
        let entries = notifiers.map { key, entry -> (key: String, value: JSONValue) in
            let members = JSONValue.members([
                ("delivered", .array(entry.delivered.map(JSONValue.string))),
                ("failures", .int(entry.failures)),
                ("lastAttempt", entry.lastAttempt.map(JSONValue.date)),
                ("lastDelivered", entry.lastDelivered.map(JSONValue.date)),
                ("lastError", entry.lastError.map(JSONValue.string)),
                ("lastRun", entry.lastRun.map(JSONValue.string)),
                ("name", .string(entry.name)),
                ("pending", .array(entry.pending.map(JSONValue.string))),
                ("skipped", entry.skipped.isEmpty ? nil : .array(entry.skipped.map(JSONValue.string))),
            ])
            return (key: key, value: members)
        }
        return .members([("notifiers", .object(entries)), ("schemaVersion", .int(Self.schemaVersion))])
    }
}
