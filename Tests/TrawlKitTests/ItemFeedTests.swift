import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Item feeds through the whole pipeline: a new item is an entry that is the item, a change
/// updates that entry, a removal adds nothing, the first run adds at most one short entry,
/// and a source that breaks says so once, and once more when it works again.
@Suite struct ItemFeedTests {
    struct Setup {
        let directory: TemporaryDirectory
        let settings: String

        init(_ settings: String = "") throws {
            directory = try TemporaryDirectory("trawl-item-feed")
            self.settings = settings
        }

        func publish(_ entries: [(id: String, title: String, summary: String)]) throws {
            var xml = """
                <?xml version="1.0" encoding="utf-8"?>
                <feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title><id>urn:blog</id>
                <updated>2026-11-20T00:00:00Z</updated>
                """
            for entry in entries {
                xml += """
                    <entry><id>urn:\(entry.id)</id><title>\(entry.title)</title>
                    <link href="https://blog.example/\(entry.id)"/><updated>2026-11-2\(entry.id.count)T08:00:00Z</updated>
                    <summary>\(entry.summary)</summary></entry>
                    """
            }
            try Data((xml + "</feed>").utf8).write(to: directory.file("blog.atom"))
        }

        func unpublish() throws {
            try FileManager.default.removeItem(at: directory.file("blog.atom"))
        }

        @discardableResult
        func run(night: Int) async throws -> RunRecord? {
            let json = """
                {"site": {"title": "Watch", "url": "https://example.org/watch/"},
                 "sources": [{"id": "blog", "name": "Blog", "kind": "feed", "url": "blog.atom"\(settings)}]}
                """
            let configuration = try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
            let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_796_011_200 + Double(night) * 86_400))
            return try await Pipeline(configuration: configuration, clock: clock).run()
        }

        func feed() throws -> String {
            try String(contentsOf: directory.file("Output/sources/blog/feed.atom"), encoding: .utf8)
        }

        func entries() throws -> [String] {
            try feed().components(separatedBy: "<entry>").dropFirst().map { $0 }
        }
    }

    static let first = [
        (id: "a", title: "Caching in Swift", summary: "How to cache values in memory."),
        (id: "bb", title: "Result builders", summary: "Building DSLs."),
    ]

    @Test func aFirstRunMakesOneShortEntryAndNoEntryPerItem() async throws {
        let setup = try Setup()
        try setup.publish(Self.first)
        try await setup.run(night: 0)
        let entries = try setup.entries()
        #expect(entries.count == 1)
        #expect(entries[0].contains("<title>Blog: now tracking 2 items</title>"))
    }

    @Test func announceBaselineFalseMakesNoEntryAtAll() async throws {
        let setup = try Setup(#", "announceBaseline": false"#)
        try setup.publish(Self.first)
        try await setup.run(night: 0)
        #expect(try setup.entries().isEmpty)
    }

    @Test func aNewItemIsTheEntryAndAChangeUpdatesIt() async throws {
        let setup = try Setup(#", "announceBaseline": false"#)
        try setup.publish(Self.first)
        try await setup.run(night: 0)
        try setup.publish(Self.first + [(id: "ccc", title: "Swift &amp; the web", summary: "Scraping pages.")])
        try await setup.run(night: 1)
        var entries = try setup.entries()
        #expect(entries.count == 1)
        let added = entries[0]
        #expect(added.contains("<title>Swift &amp; the web</title>"))
        #expect(added.contains("<id>tag:example.org,2000:blog/item/urn%3Accc</id>"))
        #expect(added.contains("<link rel=\"alternate\" type=\"text/html\" href=\"https://blog.example/ccc\"/>"))
        #expect(added.contains("<published>2026-11-23T08:00:00Z</published>"))
        #expect(added.contains("Scraping pages."))
        #expect(!added.contains("Added"))

        // The article's summary is edited: the same entry, updated, with the words that changed.
        try setup.publish(
            [(id: "a", title: "Caching in Swift", summary: "How to cache values on disk.")]
                + Array(Self.first.dropFirst())
                + [(id: "ccc", title: "Swift &amp; the web", summary: "Scraping pages.")])
        try await setup.run(night: 2)
        entries = try setup.entries()
        #expect(entries.count == 2)
        let updated = try #require(entries.first { $0.contains("urn%3Aa</id>") })
        #expect(updated.contains("<title>Caching in Swift</title>"))
        // Marked in words too, so a reader that drops `<del>` and `<ins>` still shows which is which.
        #expect(updated.contains("&lt;del&gt;[-in memory.-]&lt;/del&gt; &lt;ins&gt;{+on disk.+}&lt;/ins&gt;"))
        #expect(updated.contains("<updated>2026-12-02T04:00:00Z</updated>"))
        // The site's front page shows the same words struck and inserted.
        let index = try String(contentsOf: setup.directory.file("Output/index.html"), encoding: .utf8)
        #expect(index.contains("<del>in memory.</del><ins>on disk.</ins>"))

        // Removed: no entry, and the earlier ones stay.
        try setup.publish(
            Array(Self.first.prefix(1)) + [(id: "ccc", title: "Swift &amp; the web", summary: "Scraping pages.")])
        try await setup.run(night: 3)
        #expect(try setup.entries().count == 2)
    }

    @Test func aBrokenSourceSaysSoOnceAndOnceMoreWhenItRecovers() async throws {
        let setup = try Setup(#", "announceBaseline": false"#)
        try setup.publish(Self.first)
        try await setup.run(night: 0)
        try setup.unpublish()
        try await setup.run(night: 1)
        #expect(try setup.entries().isEmpty, "one failed night is not yet broken")
        try await setup.run(night: 2)
        try await setup.run(night: 3)
        var entries = try setup.entries()
        #expect(entries.count == 1)
        #expect(entries[0].contains("<title>Blog stopped working</title>"))
        try setup.publish(Self.first)
        try await setup.run(night: 4)
        try await setup.run(night: 5)
        entries = try setup.entries()
        #expect(entries.count == 2)
        #expect(entries[0].contains("<title>Blog works again</title>"))
        let unified = try String(contentsOf: setup.directory.file("Output/feed.atom"), encoding: .utf8)
        #expect(unified.components(separatedBy: "stopped working").count == 2)
    }

    @Test func changesStyleMakesOneSentencePerChange() async throws {
        let setup = try Setup(#", "entries": "changes", "announceBaseline": false"#)
        try setup.publish(Self.first)
        try await setup.run(night: 0)
        try setup.publish([(id: "a", title: "Caching in Swift, revised", summary: "How to cache values in memory.")])
        try await setup.run(night: 1)
        let titles = try setup.entries().compactMap { entry in
            entry.components(separatedBy: "<title>").dropFirst().first?.components(separatedBy: "</title>").first
        }
        #expect(titles == ["Caching in Swift, revised, renamed from 'Caching in Swift'", "Result builders removed"])
    }
}
