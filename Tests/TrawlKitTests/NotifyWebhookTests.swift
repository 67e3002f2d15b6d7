import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The webhook notifier against a real HTTP server on loopback that records what it got:
/// nothing on quiet nights, the documented JSON body with a token from the environment,
/// and a change that waits while the receiver is down and arrives once when it is up.
@Suite struct NotifyWebhookTests {
    final class Receiver: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [HTTPRequest] = []
        private var down = false
        var server: HTTPServer!

        init() throws {
            server = HTTPServer { [unowned self] request in
                let isDown = self.lock.withLock {
                    if !self.down { self.received.append(request) }
                    return self.down
                }
                return isDown ? .plain(503, "down for maintenance") : .plain(200, "ok")
            }
            try server.start()
        }

        deinit { server.stop() }

        func setDown(_ value: Bool) { lock.withLock { down = value } }
        var requests: [HTTPRequest] { lock.withLock { received } }
    }

    @Test func aChangeWaitsWhileTheReceiverIsDownAndArrivesOnce() async throws {
        let setup = try NotifySetup()
        let receiver = try Receiver()
        let hook = receiver.server.baseURL.appendingPathComponent("hooks/T0")
        let configuration = try setup.configuration(
            notify:
                #"[{"webhook": "\#(hook.absoluteString)", "attempts": 2, "headers": {"Authorization": "Bearer ${HOOK_TOKEN}"}}]"#,
            environment: ["HOOK_TOKEN": "s3cret"])

        try await setup.run(night: 0, configuration)
        #expect(receiver.requests.isEmpty, "a first run tracks; it has nothing to say")

        try setup.publish(pump: "on")
        receiver.setDown(true)
        let events = NotifySetup.EventLog()
        let changed = try await setup.run(night: 1, configuration, events: events)
        let outcomes = changed.outcomes
        #expect(outcomes.allSatisfy { $0.isSuccess }, "a failing notifier never fails the run")
        #expect(events.warnings.contains { $0.contains("HTTP 503") && $0.contains("next run") })
        let waiting = try #require(try setup.ledger(configuration).notifiers.values.first)
        #expect(waiting.pending == [changed.id])
        #expect(waiting.lastError?.contains("HTTP 503") == true)
        #expect(!waiting.name.contains("s3cret"))
        let status = CapturingConsole()
        _ = try StatusCommand.report(
            store: CacheStore(root: configuration.cacheDirectory, access: .readOnly), json: false, now: .now,
            console: status.console)
        #expect(status.errors.contains("1 run not delivered yet (retried on the next run); last error: HTTP 503"))

        receiver.setDown(false)
        try await setup.run(night: 2, configuration)
        try await setup.run(night: 3, configuration)
        #expect(receiver.requests.count == 1)
        let request = try #require(receiver.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers["Authorization"] == "Bearer s3cret")
        #expect(request.headers["Content-Type"] == "application/json")

        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(body["run"] as? String == changed.id)
        #expect(body["site"] as? String == "https://example.org/garden/")
        #expect(body["digest"] as? String == "https://example.org/garden/digests/2026-12-01.html")
        let counts = try #require(body["counts"] as? [String: Int])
        #expect(counts["changes"] == 1 && counts["changed"] == 1 && counts["failures"] == 0)
        let sources = try #require(body["sources"] as? [[String: Any]])
        #expect(sources.first?["id"] as? String == "garden")
        #expect(sources.first?["page"] as? String == "https://example.org/garden/sources/garden/index.html")
        let change = try #require((sources.first?["changes"] as? [[String: Any]])?.first)
        #expect(change["text"] as? String == "Pump: off → on")
        #expect(change["kind"] as? String == "changed")
        let fields = try #require(change["fields"] as? [[String: Any]])
        let state = try #require(fields.first { $0["field"] as? String == "state" })
        #expect(state["before"] as? String == "off")
        #expect(state["after"] as? String == "on")

        let ledger = try #require(try setup.ledger(configuration).notifiers.values.first)
        #expect(ledger.pending.isEmpty)
        #expect(ledger.delivered == [changed.id])
        #expect(ledger.lastError == nil)
    }

    @Test func aBrokenSourceIsToldOnceWhenItBreaksAndOnceWhenItRecovers() async throws {
        let setup = try NotifySetup()
        let receiver = try Receiver()
        let hook = receiver.server.baseURL.appendingPathComponent("hook")
        let configuration = try setup.configuration(
            notify: #"[{"webhook": "\#(hook.absoluteString)", "when": "failures"}]"#)
        try await setup.run(night: 0, configuration)
        try FileManager.default.removeItem(at: setup.directory.file("status.html"))
        for night in 1...4 { try await setup.run(night: night, configuration) }
        try setup.publish(pump: "on")
        try await setup.run(night: 5, configuration)
        let bodies = try receiver.requests.map {
            try #require(try JSONSerialization.jsonObject(with: $0.body) as? [String: Any])
        }
        let events = bodies.compactMap { ($0["failures"] as? [[String: Any]])?.first?["event"] as? String }
        #expect(events == ["broke", "recovered"])
        // The kind of failure is data beside its words: the page is a file that went away.
        let kinds = bodies.map { ($0["failures"] as? [[String: Any]])?.first?["errorKind"] as? String }
        #expect(kinds == ["file", nil])
        // `when: failures` leaves the pump's change out.
        #expect(bodies.last?["sources"] as? [Any] == nil || (bodies.last?["sources"] as? [Any])?.isEmpty == true)
    }

    @Test func fieldWarningsAreToldOnceWhenTheyBeginAndOnceWhenTheyStopInTheFeedToo() async throws {
        let setup = try NotifySetup()
        let receiver = try Receiver()
        let hook = receiver.server.baseURL.appendingPathComponent("hook")
        let json = """
            {"site": {"title": "Garden watch", "url": "https://example.org/garden/"},
             "notify": [{"webhook": "\(hook.absoluteString)", "when": "failures"}],
             "sources": [{"id": "garden", "name": "Garden controller", "kind": "list", "url": "status.html",
                          "items": "table.switches tr.switch", "fields": {"title": ".label", "state": ".state"},
                          "entries": "changes", "announceBaseline": false}]}
            """
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: setup.directory.file("trawl.json"))
        func night(_ night: Int) async throws {
            let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_796_011_200 + Double(night) * 86_400))
            _ = try await Pipeline(configuration: configuration, clock: clock).run()
        }
        try await night(0)
        // The controller's page renames its state cells: the items stay, their state is empty.
        let html = try String(contentsOf: setup.directory.file("status.html"), encoding: .utf8)
        try Data(html.replacingOccurrences(of: "class=\"state\"", with: "class=\"value\"").utf8)
            .write(to: setup.directory.file("status.html"))
        for number in 1...3 { try await night(number) }
        try setup.publish(pump: "off")
        try await night(4)
        try await night(5)
        let bodies = try receiver.requests.map {
            try #require(try JSONSerialization.jsonObject(with: $0.body) as? [String: Any])
        }
        let failures = bodies.compactMap { ($0["failures"] as? [[String: Any]])?.first }
        #expect(failures.map { $0["event"] as? String } == ["degraded", "repaired"])
        let text = try #require(failures.first?["text"] as? String)
        #expect(text.hasPrefix("Garden controller stopped working properly: field 'state' is empty on 2 of 2 items"))
        #expect(failures.last?["text"] as? String == "Garden controller works properly again")
        #expect(bodies.first?["run"] as? String == RunRecord.id(for: Date(timeIntervalSince1970: 1_796_097_600)))
        let feed = try String(
            contentsOf: setup.directory.file("Output/sources/garden/feed.atom"), encoding: .utf8)
        #expect(feed.components(separatedBy: "<title>Garden controller stopped working properly</title>").count == 2)
        #expect(feed.components(separatedBy: "<title>Garden controller works properly again</title>").count == 2)
        let entry = try #require(
            feed.range(of: "is empty on 2 of 2 items").map { String(feed[..<$0.upperBound].suffix(80)) })
        #expect(entry.hasSuffix("&lt;li&gt;field &amp;#39;state&amp;#39; is empty on 2 of 2 items"), "\(entry)")
    }

    @Test func aReceiverThatDoesNotAnswerTimesOut() async throws {
        let server = HTTPServer { _ in
            try? await Task.sleep(for: .seconds(5))
            return .plain(200)
        }
        try server.start()
        defer { server.stop() }
        let webhook = NotifierConfiguration.Webhook(
            url: server.baseURL.appendingPathComponent("slow"), format: .json, headers: [],
            timeout: .milliseconds(300), attempts: 2)
        let notifier = WebhookNotifier(webhook: webhook, deliveryID: "trawl-1", backoff: .milliseconds(10))
        await #expect {
            try await notifier.send(Self.sample)
        } throws: { error in
            "\(error)" == "timed out (2 attempts)"
        }
    }

    @Test func aSourcesOwnNotifierHearsOnlyOfThatSource() throws {
        var configuration = try NotifySetup().configuration(notify: "[]")
        var other = try #require(configuration.sources.first)
        other.id = "other"
        other.name = "Other"
        configuration.sources.append(other)
        let night = Date(timeIntervalSince1970: 1_796_011_200)
        let item = Item(id: "Pump", title: "Pump")
        let changes = ["garden", "other"].map { source in
            Change(
                kind: .changed, sourceID: source, itemID: "Pump", detectedAt: night, after: item, before: item,
                fieldChanges: [.init(field: "state", old: .string("off"), new: .string("on"))])
        }
        let run = RunRecord(id: "r", started: night, finished: night, outcomes: [], changes: changes)
        let mine = RunNotification.make(
            run: run, events: [], configuration: configuration, scope: "other", when: [.changes, .failures])
        #expect(mine.sources.map(\.id) == ["other"])
        #expect(mine.counts.changes == 1)
        let all = RunNotification.make(
            run: run, events: [], configuration: configuration, scope: nil, when: [.changes, .failures])
        #expect(all.sources.map(\.id) == ["garden", "other"])
        let failuresOnly = RunNotification.make(
            run: run, events: [], configuration: configuration, scope: nil, when: [.failures])
        #expect(failuresOnly.isEmpty, "a night with nothing to say sends nothing")
    }

    static let sample = RunNotification(
        run: "20261201T040000.000Z", started: .init(timeIntervalSince1970: 0),
        finished: .init(timeIntervalSince1970: 0),
        site: "https://example.org/", siteTitle: "Garden watch", digest: "https://example.org/digests/2026-12-01.html",
        counts: .init(changes: 1, added: 0, changed: 1, removed: 0, reappeared: 0, failures: 0),
        sources: [
            .init(
                id: "garden", name: "Garden", page: nil,
                changes: [
                    .init(kind: "changed", id: "Pump", title: "Pump", url: nil, text: "Pump: off → on", fields: [])
                ])
        ], failures: [])

    @Test(arguments: NotifierConfiguration.WebhookFormat.allCases)
    func eachFormatIsShapedForItsService(_ format: NotifierConfiguration.WebhookFormat) throws {
        let notification = RunNotification(
            run: "20261201T040000.000Z", started: .init(timeIntervalSince1970: 0),
            finished: .init(timeIntervalSince1970: 0),
            site: "https://example.org/", siteTitle: "Garden watch",
            digest: "https://example.org/digests/2026-12-01.html",
            counts: .init(changes: 1, added: 0, changed: 1, removed: 0, reappeared: 0, failures: 0),
            sources: [
                .init(
                    id: "garden", name: "Garden", page: nil,
                    changes: [
                        .init(kind: "changed", id: "Pump", title: "Pump", url: nil, text: "Pump: off → on", fields: [])
                    ])
            ], failures: [])
        let url = URL(string: "https://hooks.example/_matrix/client/v3/rooms/!r:example/send/m.room.message")!
        let webhook = NotifierConfiguration.Webhook(
            url: url, format: format, headers: [], timeout: .seconds(5), attempts: 1)
        let request = try WebhookNotifier(webhook: webhook, deliveryID: "trawl-1").request(for: notification)
        let text = String(decoding: request.body ?? Data(), as: UTF8.self)
        switch format {
        case .json: #expect(text.contains(#""text": "Pump: off → on""#))
        case .slack: #expect(text.hasPrefix(#"{"text":"Garden watch: 1 change\n• Garden: Pump: off → on"#))
        case .discord:
            #expect(text.hasPrefix(#"{"allowed_mentions":{"parse":[]},"content":"Garden watch: 1 change"#))
        case .ntfy:
            #expect(request.headers["Title"] == "Garden watch: 1 change")
            #expect(text.contains("- Pump: off → on"))
        case .matrix:
            #expect(request.method == "PUT")
            #expect(request.url.lastPathComponent == "trawl-1")
            #expect(text.contains(#""msgtype":"m.text""#) && text.contains("formatted_body"))
        }
    }
}
