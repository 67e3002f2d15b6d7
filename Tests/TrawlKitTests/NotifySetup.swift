import Foundation
import TestSupport

@testable import TrawlKit

/// A garden controller's page on disk whose pump flips between runs, and a configuration
/// that tells `notify` of it: the runs the notification tests share.
struct NotifySetup {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("trawl-notify")
        try publish(pump: "off")
    }

    func publish(pump: String) throws {
        let html = """
            <!DOCTYPE html><html><head><title>Garden</title></head><body>
            <table class="switches">
            <tr class="switch"><td class="label">Pump</td><td class="state">\(pump)</td></tr>
            <tr class="switch"><td class="label">Heater</td><td class="state">off</td></tr>
            </table></body></html>
            """
        try Data(html.utf8).write(to: directory.file("status.html"))
    }

    /// The configuration with `notify` (a JSON list) at the top level.
    func configuration(notify: String, environment: [String: String] = [:]) throws -> Configuration {
        let json = """
            {"site": {"title": "Garden watch", "url": "https://example.org/garden/"},
             "notify": \(notify),
             "sources": [{"id": "garden", "name": "Garden controller", "kind": "status", "url": "status.html",
                          "items": "table.switches tr.switch", "fields": {"label": ".label", "state": ".state"},
                          "idField": "label"}]}
            """
        return try ConfigurationLoader.load(
            Data(json.utf8), file: directory.file("trawl.json"), environment: environment)
    }

    /// Night `night`'s run (at 04:00 UTC from 30 November 2026 on).
    @discardableResult
    func run(night: Int, _ configuration: Configuration, events: EventLog = EventLog()) async throws -> RunRecord {
        let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_796_011_200 + Double(night) * 86_400))
        return try await Pipeline(configuration: configuration, clock: clock, report: { events.append($0) }).scrape()
    }

    func ledger(_ configuration: Configuration) throws -> NotificationLedger {
        try NotificationLedger.read(from: CacheStore(root: configuration.cacheDirectory))
    }

    final class EventLog: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [String] = []

        func append(_ event: RunEvent) {
            switch event {
            case .warning(_, let message), .notice(_, let message): lock.withLock { events.append(message) }
            // As `trawl run` prints it.
            case .undelivered(let news): lock.withLock { events.append(RunReporter.describe(news)) }
            default: break
            }
        }

        var warnings: [String] { lock.withLock { events } }
    }
}
