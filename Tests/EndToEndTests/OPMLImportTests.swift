import Foundation
import TestSupport
import Testing
import TrawlKit

/// `Output/feeds.opml` in a real feed reader: newsboat imports it (`-i`), then fetches every
/// feed it lists from the site served on loopback, and its cache (SQLite, read with Python's
/// sqlite3) holds each of the site's feeds under its title.
@Suite struct OPMLImportTests {
    @Test func newsboatImportsEveryFeedTheSitePublishes() async throws {
        guard let newsboat = try ExternalTool.find("newsboat", package: "newsboat"),
            let python = try ExternalTool.find("python3", package: "python3")
        else { return }
        let site = try DemoSite()
        let server = try RecordingFileServer(folder: site.output)
        let served = server.url("").absoluteString
        let demo = try String(contentsOf: site.config, encoding: .utf8)
        try demo.replacingOccurrences(of: "https://example.org/trawl/", with: served)
            .write(to: site.config, atomically: true, encoding: .utf8)
        #expect(try await site.run("day1").status == 0)

        let listed = try await TrawlBinary.run(["opml", "--config", site.config.path])
        #expect(listed.output == (try site.text("feeds.opml")))
        let configuration = try ConfigurationLoader.load(from: site.config)
        let expected =
            ["\(served)feed.atom"] + configuration.sources.map { "\(served)sources/\($0.id)/feed.atom" }

        let reader = site.directory.file("newsboat")
        try FileManager.default.createDirectory(at: reader, withIntermediateDirectories: true)
        let urls = reader.appendingPathComponent("urls")
        try Data().write(to: urls)
        let config = reader.appendingPathComponent("config")
        try Data().write(to: config)
        let cache = reader.appendingPathComponent("cache.db")
        let environment = ["HOME": reader.path, "XDG_CONFIG_HOME": reader.path, "XDG_DATA_HOME": reader.path]
        let opmlFile = site.output.appendingPathComponent("feeds.opml")
        let imported = try await newsboat.run(
            ["-u", urls.path, "-C", config.path, "-c", cache.path, "-i", opmlFile.path], environment: environment)
        #expect(imported.status == 0, "\(imported.standardError)")
        let subscribed = try String(contentsOf: urls, encoding: .utf8).split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(subscribed == expected)

        let reload = try await newsboat.run(
            ["-u", urls.path, "-C", config.path, "-c", cache.path, "-x", "reload"], environment: environment)
        #expect(reload.status == 0, "\(reload.standardError)")
        let read = """
            import sys, sqlite3, json
            c = sqlite3.connect(sys.argv[1])
            print(json.dumps(dict(c.execute('select rssurl, title from rss_feed').fetchall())))
            """
        let output = try await python.run(["-c", read, cache.path])
        #expect(output.status == 0, "\(output.standardError)")
        let titles = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: String])
        #expect(Set(titles.keys) == Set(expected))
        #expect(titles["\(served)feed.atom"] == configuration.site.title)
        for source in configuration.sources {
            #expect(titles["\(served)sources/\(source.id)/feed.atom"] == "\(configuration.site.title): \(source.name)")
        }
    }
}
