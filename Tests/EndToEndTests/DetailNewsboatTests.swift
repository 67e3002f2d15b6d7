import Foundation
import TestSupport
import Testing

/// `"detail": {"article": true}` end to end: `trawl run` twice against real article pages on
/// loopback, then newsboat reloads the Atom feed and its cache (SQLite, read with Python's
/// sqlite3) holds each new item's whole article, readable without leaving the reader;
/// feedparser reads the same content.
@Suite struct DetailNewsboatTests {
    static let articles = ["ars-1", "v8-blog"]

    @Test func aReaderShowsTheWholeArticleOfEachNewItem() async throws {
        guard let newsboat = try ExternalTool.find("newsboat", package: "newsboat"),
            let python = try ExternalTool.find("python3", package: "python3"),
            let pages = try SharedTestData.folder("pages")
        else { return }
        let server = try FixtureServer()
        func list(_ names: [String]) -> FixtureResponse {
            .ok("<ul>" + names.map { "<li><a href=\"/articles/\($0).html\">\($0)</a></li>" }.joined() + "</ul>")
        }
        // The first night is a baseline; the articles are new on the second.
        server.route("/news", list(["aclu"]), list(["aclu"] + Self.articles))
        for name in ["aclu"] + Self.articles {
            let page = try String(
                decoding: Data(contentsOf: pages.appendingPathComponent("\(name).html")), as: UTF8.self)
            server.route("/articles/\(name).html", .page(page, etag: "\"\(name)\""))
        }
        let directory = try TemporaryDirectory("detail-newsboat")
        let config = directory.file("trawl.json")
        try Data(
            """
            {"site": {"title": "Articles"}, "fetch": {"delay": 0, "attempts": 1},
             "sources": [{"id": "news", "kind": "list", "url": "\(server.url("/news").absoluteString)", "items": "li",
               "fields": {"title": "a", "url": "a::attr(href)"}, "detail": {"article": true}}]}
            """.utf8
        ).write(to: config)
        for night in 1...2 {
            let run = try await TrawlBinary.run(["run", "--config", config.path, "--quiet"])
            #expect(run.status == 0, "night \(night): \(run.errors)")
        }
        #expect(server.requestCount("/articles/ars-1.html") == 1)
        let feed = directory.file("Output/sources/news/feed.atom")

        let reader = directory.file("newsboat")
        try FileManager.default.createDirectory(at: reader, withIntermediateDirectories: true)
        let urls = reader.appendingPathComponent("urls")
        try Data("\(feed.absoluteString)\n".utf8).write(to: urls)
        let newsboatConfig = reader.appendingPathComponent("config")
        try Data().write(to: newsboatConfig)
        let cache = reader.appendingPathComponent("cache.db")
        let environment = ["HOME": reader.path, "XDG_CONFIG_HOME": reader.path, "XDG_DATA_HOME": reader.path]
        let reload = try await newsboat.run(
            ["-u", urls.path, "-C", newsboatConfig.path, "-c", cache.path, "-x", "reload"], environment: environment)
        #expect(reload.status == 0, "\(reload.standardError)")
        let read = """
            import sys, sqlite3, json
            c = sqlite3.connect(sys.argv[1])
            rows = c.execute('select url, content from rss_item').fetchall()
            print(json.dumps({u: b for u, b in rows}))
            """
        let output = try await python.run(["-c", read, cache.path])
        #expect(output.status == 0, "\(output.standardError)")
        let contents = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: String])
        let ars = try #require(contents[server.url("/articles/ars-1.html").absoluteString])
        // Read off the pages by hand: a sentence from the start and one from near the end.
        #expect(ars.contains("A flaw in the wildly popular online game <em>Minecraft</em> makes it easy"))
        #expect(ars.contains("Mojang"))
        let v8 = try #require(contents[server.url("/articles/v8-blog.html").absoluteString])
        #expect(v8.contains("Emscripten has always focused first and foremost on compiling to the Web"))

        // feedparser, where it is installed, reads the same content.
        let probe = try await python.run(["-c", "import feedparser"])
        guard probe.status == 0 else { return }
        let parse = """
            import sys, feedparser
            d = feedparser.parse(sys.argv[1])
            e = [x for x in d.entries if x.link.endswith('ars-1.html')][0]
            print(int(bool(d.bozo)), e.content[0].type, 'Minecraft' in e.content[0].value, len(e.content[0].value) > 2000)
            """
        let parsed = try await python.run(["-c", parse, feed.path])
        #expect(parsed.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "0 text/html True True")
    }
}
