import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Saying what news is wanted, end to end: a real Publish site's post list
/// (`Fixtures/real/publish/edgsgroi-2020-11-index.html`) edited night by night by the script
/// below, a source that drops sponsored posts, and real notifiers on loopback: one told of
/// additions only, one of SwiftUI posts only, one whose rule matches nothing (and so is sent
/// nothing), and a command given plain text.
@Suite struct NotifyFilterTests {
    let directory: TemporaryDirectory
    let original: String

    init() throws {
        directory = try TemporaryDirectory("trawl-news-filters")
        original = try String(
            contentsOf: Fixture.url("real/publish/edgsgroi-2020-11-index.html"), encoding: .utf8)
    }

    // MARK: The nights

    static let timers =
        #"<li><article><h1><a href="/myprojects/timers">Timers</a></h1><ul class="tag-list">"#
        + #"<li class="App-tag"><a href="/tags/app">App</a></li><li class="SwiftUI-tag"><a href="/tags/swiftui">SwiftUI</a></li>"#
        + #"</ul><p>Kitchen timers made with SwiftUI.</p></article></li>"#
    static let sponsored =
        #"<li><article><h1><a href="/partners/hosting">Host your app with us</a></h1><ul class="tag-list">"#
        + #"<li class="Sponsored-tag"><a href="/tags/sponsored">Sponsored</a></li></ul><p>A word from our sponsor.</p></article></li>"#
    static let goals =
        #"<li><article><h1><a href="/myprojects/goals">Goals</a></h1><ul class="tag-list"><li class="App-tag"><a href="/tags/app">App</a></li><li class="iOS-tag"><a href="/tags/ios">iOS</a></li><li class="Project-tag"><a href="/tags/project">Project</a></li></ul><p>Create objectives, set goals and track your progress with Goals app.</p></article></li>"#

    /// The page as it is on `night`: 0 as saved; 1 a sponsored post, a new SwiftUI post and
    /// Formworks' summary reworded; 2 Goals gone and Blink's summary reworded too.
    func page(night: Int) throws -> String {
        var html = original
        func edit(_ old: String, _ new: String) throws {
            guard html.contains(old) else { throw CocoaError(.fileReadCorruptFile) }
            html = html.replacingOccurrences(of: old, with: new)
        }
        if night >= 1 {
            try edit("</ul></div><footer>", Self.sponsored + Self.timers + "</ul></div><footer>")
            try edit(
                "Formworks is a framework for building forms from JSON files.",
                "Formworks builds forms from JSON files.")
        }
        if night >= 2 {
            try edit(Self.goals, "")
            try edit("multiple iPhones.", "multiple iPhones and iPads.")
        }
        return html
    }

    func run(night: Int, _ configuration: Configuration) async throws -> RunRecord {
        try Data(try page(night: night).utf8).write(to: directory.file("posts.html"))
        let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_796_011_200 + Double(night) * 86_400))
        return try await Pipeline(configuration: configuration, clock: clock).scrape()
    }

    func configuration(notify: String) throws -> Configuration {
        let json = """
            {"site": {"title": "Projects watch"},
             "notify": \(notify),
             "sources": [{"id": "posts", "name": "Edg's projects", "preset": "article-list", "url": "posts.html",
                          "base": "https://edgsgroi.github.io/", "drop": {"tags": "^Sponsored$"}}]}
            """
        return try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
    }

    /// Each request's changes as `kind title`.
    static func changes(_ request: HTTPRequest) throws -> [String] {
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        let sources = try #require(body["sources"] as? [[String: Any]])
        return sources.flatMap { source in
            (source["changes"] as? [[String: Any]] ?? []).map {
                "\($0["kind"] as? String ?? "?") \($0["title"] as? String ?? "?")"
            }
        }
    }

    @Test func eachNotifierIsToldOnlyTheNewsItAskedFor() async throws {
        let additions = try NotifyWebhookTests.Receiver()
        let swiftUI = try NotifyWebhookTests.Receiver()
        let nothing = try NotifyWebhookTests.Receiver()
        let got = directory.file("got")
        try FileManager.default.createDirectory(at: got, withIntermediateDirectories: true)
        let command = String(
            decoding: try JSONSerialization.data(withJSONObject: [
                "/bin/sh", "-c", #"cat > "\#(got.path)/$TRAWL_RUN.txt""#,
            ]),
            as: UTF8.self)
        let configuration = try configuration(
            notify: """
                [{"webhook": "\(additions.server.baseURL.absoluteString)", "when": ["added"]},
                 {"webhook": "\(swiftUI.server.baseURL.absoluteString)", "match": {"tags": "^SwiftUI$"}},
                 {"webhook": "\(nothing.server.baseURL.absoluteString)", "when": ["changes"],
                  "match": {"title": "(?i)\\\\bandroid\\\\b"}},
                 {"command": \(command), "when": ["changes"]}]
                """)

        _ = try await run(night: 0, configuration)
        let second = try await run(night: 1, configuration)
        let third = try await run(night: 2, configuration)

        // The sponsored post is no item: not kept, not news to anyone.
        let kept = try #require(try CacheStore(root: configuration.cacheDirectory).lastGoodSnapshot(of: "posts"))
        #expect(kept.items.map(\.title) == ["Projeta", "Blink! - Brainstorming", "Formworks", "Timers"])
        #expect(second.changes(of: "posts").filter(\.isNews).map(\.kind) == [.changed, .added])

        #expect(try additions.requests.map(Self.changes) == [["added Timers"]])
        #expect(try swiftUI.requests.map(Self.changes) == [["added Timers"], ["changed Blink! - Brainstorming"]])
        #expect(nothing.requests.isEmpty, "a notifier whose rule matches nothing is sent nothing, not an empty message")

        let files = try FileManager.default.contentsOfDirectory(atPath: got.path).sorted()
        #expect(files == ["\(second.id).txt", "\(third.id).txt"])
        let text = try String(contentsOf: got.appendingPathComponent("\(second.id).txt"), encoding: .utf8)
        // Worded by `ChangeDescription`; what is checked here is the shape: a line per change.
        #expect(text.hasPrefix("Projects watch: 2 changes\n• Edg's projects: Formworks"))
        #expect(text.contains("\n• Edg's projects: Timers"))
        #expect(text.hasSuffix(" https://edgsgroi.github.io/myprojects/timers\n"))
        #expect(!text.contains("\\"), "plain text carries no Markdown escapes")
        #expect(!text.contains("Host your app"))
    }

    @Test func aCommandThatAsksForMarkdownGetsTheDigest() async throws {
        let got = directory.file("digest.md")
        let command = String(
            decoding: try JSONSerialization.data(withJSONObject: ["/bin/sh", "-c", #"cat >> "\#(got.path)""#]),
            as: UTF8.self)
        let configuration = try configuration(notify: #"[{"command": \#(command), "format": "markdown"}]"#)
        _ = try await run(night: 0, configuration)
        _ = try await run(night: 1, configuration)
        let markdown = try String(contentsOf: got, encoding: .utf8)
        #expect(markdown.hasPrefix("# Projects watch: 2 changes\n\n## Edg"))
        #expect(markdown.contains("\n- [Timers"))
    }

    @Test func notifierRulesAreReadAndCheckedAsASourcesAre() throws {
        let configuration = try configuration(
            notify: #"[{"command": ["notify"], "when": ["added", "failures"], "match": {"title": "(?i)swift"}}]"#)
        let notifier = try #require(configuration.notify.first)
        #expect(notifier.when == [.added, .failures])
        #expect(notifier.match.map(\.pattern) == ["(?i)swift"])
        #expect(!notifier.markdown)
        let error = try #require(throws: ConfigurationError.self) {
            try self.configuration(
                notify:
                    #"[{"command": ["notify"], "match": {"title": "(swift"}, "format": "html", "when": ["addded"]}]"#)
        }
        #expect(
            error.problems.map(\.description) == [
                "notify[0].when[0]: 'addded' is not one of changes, failures, added (did you mean 'added'?)",
                "notify[0].match.title: '(swift' is not a valid regular expression: expected ')'",
                "notify[0].format: 'html' is not one of plain, markdown",
            ])
    }

    /// A notifier written before `match` and `format` keeps its key, and so its delivery record.
    @Test func aNotifierWithoutTheNewKeysKeepsItsKey() throws {
        let plain = NotifierConfiguration(target: .command(["notify"]))
        var key = CanonicalKey()
        key.add("command", ["notify"])
        key.add("when", sorted: ["changes", "failures"])
        #expect(CanonicalKey(of: plain).encoding == key.encoding)
        #expect(!plain.legacyKeys.isEmpty)
    }
}
