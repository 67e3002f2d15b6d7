import Foundation
import TestSupport
import Testing
import TrawlKit

/// The demo's feed in a real feed reader: newsboat reloads it non-interactively, and its
/// cache (SQLite, read with Python's sqlite3) shows what a subscriber would see — articles
/// as themselves, charts and switches as plain sentences, and no flood from the first night.
@Suite struct NewsboatTests {
    @Test func theDemoFeedReadsAsArticlesAndSentences() async throws {
        guard let newsboat = try ExternalTool.find("newsboat", package: "newsboat"),
            let python = try ExternalTool.find("python3", package: "python3")
        else { return }
        let site = try DemoSite()
        #expect(try await site.run("day1").status == 0)
        #expect(try await site.run("day2").status == 0)

        let reader = site.directory.file("newsboat")
        try FileManager.default.createDirectory(at: reader, withIntermediateDirectories: true)
        let urls = reader.appendingPathComponent("urls")
        try Data("\(site.output.appendingPathComponent("feed.atom").absoluteString)\n".utf8).write(to: urls)
        let config = reader.appendingPathComponent("config")
        try Data().write(to: config)
        let cache = reader.appendingPathComponent("cache.db")
        // Its own HOME, so nothing of the machine's newsboat is read or written.
        let environment = ["HOME": reader.path, "XDG_CONFIG_HOME": reader.path, "XDG_DATA_HOME": reader.path]
        let reload = try await newsboat.run(
            ["-u", urls.path, "-C", config.path, "-c", cache.path, "-x", "reload"], environment: environment)
        #expect(reload.status == 0, "\(reload.standardError)")

        let read = """
            import sys, sqlite3, json
            c = sqlite3.connect(sys.argv[1])
            rows = c.execute('select title, content, enclosure_url from rss_item order by pubDate desc').fetchall()
            print(json.dumps([{'title': t, 'content': b, 'enclosure': e} for t, b, e in rows]))
            """
        let output = try await python.run(["-c", read, cache.path])
        #expect(output.status == 0, "\(output.standardError)")
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: String]])
        let titles = items.compactMap { $0["title"] }
        #expect(titles.count == (try site.feed().entries.count))

        // Articles are themselves: the title is the article's, the body its text, no tables.
        let articles = try #require(try site.snapshot("sundell")).items.map(\.title)
        let shownArticles = titles.filter { articles.contains($0) }
        #expect(!shownArticles.isEmpty)
        for item in items where articles.contains(item["title"] ?? "") {
            #expect(item["content"]?.contains("<table") == false)
        }
        #expect(!titles.contains { $0.hasPrefix("Added:") || $0.hasPrefix("Changed:") || $0.hasPrefix("Removed:") })

        // Charts and switches are plain sentences, values in human form.
        #expect(titles.contains { $0.hasSuffix("rescaled: 1:25,000 → 1:40,000") })
        #expect(titles.contains("Greenhouse heater: off → on"))

        // The first night is one entry, not one per source or per item.
        #expect(titles.filter { $0.localizedCaseInsensitiveContains("tracking") } == ["Now tracking 7 sources"])

        // A podcast episode's audio is attached once.
        let episodes = items.filter { ($0["enclosure"] ?? "").hasPrefix("http") }
        #expect(!episodes.isEmpty)
        #expect(Set(episodes.compactMap { $0["enclosure"] }).count == episodes.count)
    }
}
