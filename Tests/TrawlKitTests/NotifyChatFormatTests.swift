import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The chat formats against a real HTTP receiver on loopback: what a scraped title says is
/// shown, never obeyed (no ping, no disguised link); a long run is cut to the service's
/// limit, counted as the service counts, with a link to the rest; and a message the receiver
/// refuses for good is skipped, so the nights after it are delivered.
@Suite struct NotifyChatFormatTests {
    /// Records every request; answers 400 to a body that holds `refusing`, else 200.
    final class Receiver: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [HTTPRequest] = []
        var server: HTTPServer!

        init(refusing: String? = nil) throws {
            server = HTTPServer { [unowned self] request in
                self.lock.withLock { self.received.append(request) }
                let text = String(decoding: request.body, as: UTF8.self)
                if let refusing, text.contains(refusing) { return .plain(400, "invalid form body") }
                return .plain(200, "ok")
            }
            try server.start()
        }

        deinit { server.stop() }

        var requests: [HTTPRequest] { lock.withLock { received } }
    }

    static func notification(_ texts: [String]) -> RunNotification {
        RunNotification(
            run: "20261201T040000.000Z", started: .init(timeIntervalSince1970: 0),
            finished: .init(timeIntervalSince1970: 0), site: "https://example.org/", siteTitle: "Chart watch",
            digest: "https://example.org/digests/2026-12-01.html",
            counts: .init(changes: texts.count, added: texts.count, changed: 0, removed: 0, reappeared: 0, failures: 0),
            sources: [
                .init(
                    id: "charts", name: "Charts", page: nil,
                    changes: texts.enumerated().map { index, text in
                        .init(
                            kind: "added", id: "\(index)", title: text, url: "https://example.org/charts/\(index)",
                            text: text, fields: [])
                    })
            ], failures: [])
    }

    /// Posts `notification` as `format` to a fresh receiver; the body it got.
    func post(_ notification: RunNotification, as format: NotifierConfiguration.WebhookFormat) async throws -> Data {
        let receiver = try Receiver()
        let webhook = NotifierConfiguration.Webhook(
            url: receiver.server.baseURL.appendingPathComponent("hook"), format: format, headers: [],
            timeout: .seconds(10), attempts: 1)
        try await WebhookNotifier(webhook: webhook, deliveryID: "trawl-1").send(notification)
        return try #require(receiver.requests.first).body
    }

    func object(_ body: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    static let hostile =
        "Pump <!channel> <!here> <https://evil.example/|Click to verify> & @everyone @here @room "
        + "[Click to verify](https://evil.example/) <@123456> ada@example.org"

    @Test func slackShowsMarkupAsText() async throws {
        let text = try #require(
            try object(try await post(Self.notification([Self.hostile]), as: .slack))["text"] as? String)
        for live in ["<!channel>", "<!here>", "<https://evil", "<@123456>"] { #expect(!text.contains(live), "\(live)") }
        #expect(text.contains("&lt;!channel&gt; &lt;!here&gt; &lt;https://evil.example/|Click to verify&gt; &amp; "))
    }

    @Test func discordPingsNoOneAndShowsLinkSyntaxAsText() async throws {
        let body = try object(try await post(Self.notification([Self.hostile]), as: .discord))
        let allowed = try #require(body["allowed_mentions"] as? [String: Any])
        #expect((allowed["parse"] as? [Any])?.isEmpty == true)
        let content = try #require(body["content"] as? String)
        for live in ["@everyone", "@here", "[Click to verify](", "<@123456>"] {
            #expect(!content.contains(live), "\(live)")
        }
        #expect(content.contains("\\[Click to verify\\]"))
        #expect(content.contains("ada@example.org"), "an address is not a mention")
    }

    @Test func matrixMentionsNoOneAndLinksNothingItWasNotMeantTo() async throws {
        let body = try object(try await post(Self.notification([Self.hostile]), as: .matrix))
        #expect((body["m.mentions"] as? [String: Any])?.isEmpty == true)
        let plain = try #require(body["body"] as? String)
        let html = try #require(body["formatted_body"] as? String)
        for text in [plain, html] {
            #expect(!text.contains("@room") && !text.contains("@everyone"))
        }
        #expect(!html.contains("href=\"https://evil.example/\""))
        #expect(html.contains("href=\"https://example.org/charts/0\""))
    }

    /// 1,000 changes whose titles are flags of four code points each (one character to
    /// Swift, four to Discord), each format within its limit and ending with the site.
    @Test(arguments: [
        (NotifierConfiguration.WebhookFormat.discord, 2_000), (.slack, 4_000), (.ntfy, 4_096), (.matrix, 60_000),
    ])
    func aLongRunIsCutToTheLimitOfItsServiceWithALinkToTheRest(
        _ format: NotifierConfiguration.WebhookFormat, _ limit: Int
    ) async throws {
        let titles = (0..<1_000).map { "Chart \($0) 🏳️‍🌈🏳️‍🌈🏳️‍🌈🏳️‍🌈🏳️‍🌈🏳️‍🌈🏳️‍🌈🏳️‍🌈 rescaled" }
        let body = try await post(Self.notification(titles), as: format)
        let text: String
        switch format {
        case .discord: text = try #require(try object(body)["content"] as? String)
        case .slack: text = try #require(try object(body)["text"] as? String)
        default: text = String(decoding: body, as: UTF8.self)
        }
        switch format {
        case .discord, .slack: #expect(text.unicodeScalars.count <= limit)
        case .ntfy: #expect(body.count <= limit)
        default: #expect(body.count <= limit, "the content, leaving room for the event's envelope")
        }
        #expect(text.contains("Chart 0 "), "it begins with the first changes")
        #expect(!text.contains("Chart 999 "))
        #expect(text.contains("more, all on the site:"))
        #expect(text.contains("https://example.org/digests/2026-12-01.html"))
        if format == .discord || format == .slack {
            #expect(
                text.components(separatedBy: "https://example.org/digests/").count == 2, "the link once, at the end")
        }
    }

    @Test func aRunThatFitsIsSentWhole() async throws {
        let content = try #require(
            try object(try await post(Self.notification(["Chart 1 added"]), as: .discord))["content"] as? String)
        #expect(!content.contains("more"))
        #expect(content.hasSuffix("https://example.org/digests/2026-12-01.html"))
    }

    @Test func aMessageRefusedForGoodIsSkippedAndTheNextNightIsDelivered() async throws {
        let setup = try NotifySetup()
        // The receiver refuses night 1's message whatever is tried; it takes any other.
        let receiver = try Receiver(refusing: "off → on")
        let hook = receiver.server.baseURL.appendingPathComponent("hook")
        let configuration = try setup.configuration(
            notify: #"[{"webhook": "\#(hook.absoluteString)", "format": "slack", "attempts": 3}]"#)
        try await setup.run(night: 0, configuration)

        try setup.publish(pump: "on")
        let events = NotifySetup.EventLog()
        let refused = try await setup.run(night: 1, configuration, events: events)
        #expect(receiver.requests.count == 1, "a refusal is not retried")
        let entry = try #require(try setup.ledger(configuration).notifiers.values.first)
        #expect(entry.pending.isEmpty)
        #expect(entry.skipped == [refused.id])
        #expect(entry.lastError == "HTTP 400 (1 attempt)")
        #expect(events.warnings.contains { $0.contains("1 run refused for good and skipped") })

        try setup.publish(pump: "off")
        let next = try await setup.run(night: 2, configuration)
        #expect(receiver.requests.count == 2)
        let delivered = String(decoding: try #require(receiver.requests.last).body, as: UTF8.self)
        #expect(delivered.contains("on → off"))
        let after = try #require(try setup.ledger(configuration).notifiers.values.first)
        #expect(after.delivered == [next.id] && after.pending.isEmpty && after.lastError == nil)
    }
}
