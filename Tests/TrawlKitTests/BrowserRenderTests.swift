import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `"render": "browser"`: loopback pages whose items only a script makes, loaded in
/// Debian's headless Chromium (installed by `make test`).
@Suite(.serialized) struct BrowserRenderTests {
    static let inlineList = """
        <html><body><ul id="list"></ul><img src="/photo.png">
        <script>
        for (const title of ["Alpha", "Beta"]) {
          const item = document.createElement("li");
          item.innerHTML = '<a href="/' + title.toLowerCase() + '">' + title + '</a>';
          document.getElementById("list").appendChild(item);
        }
        </script></body></html>
        """

    /// Items fetched as JSON from the same server, after the server took its time.
    static let fetchedList = """
        <html><body><ul id="list"></ul>
        <script>
        fetch("/items.json").then(r => r.json()).then(items => {
          for (const title of items) {
            const item = document.createElement("li");
            item.innerHTML = '<a href="/' + title.toLowerCase() + '">' + title + '</a>';
            document.getElementById("list").appendChild(item);
          }
        });
        </script></body></html>
        """

    /// Polls forever: the network never goes quiet. Its list appears at once.
    static let restless = """
        <html><body><ul><li><a href="/one">One</a></li></ul>
        <script>setInterval(() => fetch("/poll?" + Date.now()), 100);</script></body></html>
        """

    static var chromium: String {
        get throws {
            try #require(
                ChromiumLocator.find(environment: ProcessInfo.processInfo.environment),
                "Chromium is not installed: make test-deps installs the Debian package 'chromium'")
        }
    }

    static func settings(waitFor: String? = nil, timeout: Duration = .seconds(20)) throws -> RenderSettings {
        RenderSettings(executable: try chromium, waitFor: waitFor, timeout: timeout)
    }

    static func titles(_ result: FetchResult) throws -> [String] {
        guard case .page(let page) = result else { throw NotAPage() }
        let source = SourceConfiguration(
            id: "js", kind: .list, url: page.url, items: "li", fields: [FieldRule(name: "title", locator: .css("a"))])
        return try PageScraper(source: source).scrape(page).items.map(\.title)
    }

    struct NotAPage: Error {}

    static func profiles() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []
        return Set(names.filter { $0.hasPrefix("trawl-chromium-") })
    }

    @Test func aScriptBuiltListIsScrapedAndImagesAreNotLoaded() async throws {
        let server = try FixtureServer()
        server.route("/page", .ok(Self.inlineList))
        server.route("/photo.png", .bytes(Data(repeating: 1, count: 100), headers: ["Content-Type": "image/png"]))
        let before = Self.profiles()
        let result = try await Fetcher(settings: .testing()).render(
            server.url("/page"), settings: try Self.settings(waitFor: "#list li"))
        #expect(try Self.titles(result) == ["Alpha", "Beta"])
        #expect(server.requestCount("/photo.png") == 0)
        #expect(server.requestCount("/robots.txt") == 1)
        #expect(Self.profiles().subtracting(before).isEmpty, "the browser's profile folder was left behind")
    }

    @Test func itemsFetchedAsJSONAfterADelayAreWaitedFor() async throws {
        let server = try FixtureServer()
        server.route("/page", .ok(Self.fetchedList))
        server.route(
            "/items.json",
            .delayed(.milliseconds(1_500), .ok(#"["Gamma", "Delta", "Epsilon"]"#, contentType: "application/json")))
        let result = try await Fetcher(settings: .testing()).render(
            server.url("/page"), settings: try Self.settings(waitFor: "#list li"))
        #expect(try Self.titles(result) == ["Gamma", "Delta", "Epsilon"])
    }

    @Test func withoutWaitForTheDOMIsTakenOnceTheNetworkIsQuiet() async throws {
        let server = try FixtureServer()
        server.route("/page", .ok(Self.fetchedList))
        server.route(
            "/items.json", .delayed(.milliseconds(700), .ok(#"["Zeta"]"#, contentType: "application/json")))
        let result = try await Fetcher(settings: .testing()).render(
            server.url("/page"), settings: try Self.settings())
        #expect(try Self.titles(result) == ["Zeta"])
    }

    @Test func aSelectorThatNeverAppearsTimesOutAndTheBrowserIsGone() async throws {
        let server = try FixtureServer()
        server.route("/page", .ok(Self.inlineList))
        let before = Self.profiles()
        let url = server.url("/page")
        await #expect(throws: RenderError.selectorNeverAppeared(url, selector: ".never", seconds: 2)) {
            try await Fetcher(settings: .testing()).render(
                url, settings: try Self.settings(waitFor: ".never", timeout: .seconds(2)))
        }
        #expect(Self.profiles().subtracting(before).isEmpty)
        #expect(Self.browsers().isEmpty, "a browser outlived its render")
    }

    @Test func aPageThatNeverSettlesIsAClearFailureUnlessWaitForSaysWhenItIsReady() async throws {
        let server = try FixtureServer()
        server.route("/page", .ok(Self.restless))
        server.route("/poll", .ok("{}", contentType: "application/json"))
        let url = server.url("/page")
        await #expect(throws: RenderError.neverSettled(url, seconds: 2)) {
            try await Fetcher(settings: .testing()).render(url, settings: try Self.settings(timeout: .seconds(2)))
        }
        let ready = try await Fetcher(settings: .testing()).render(
            url, settings: try Self.settings(waitFor: "li", timeout: .seconds(5)))
        #expect(try Self.titles(ready) == ["One"])
    }

    @Test func headersAndCookiesReachTheSourcesOwnOrigin() async throws {
        let server = try FixtureServer()
        server.route("/page", .ok(Self.fetchedList))
        server.route("/items.json", .ok(#"["Eta"]"#, contentType: "application/json"))
        var options = RequestOptions()
        options.headers["X-Api-Key"] = "key-1"
        options.cookies = [Cookie(domain: "127.0.0.1", name: "session", value: "s-1")]
        let result = try await Fetcher(settings: .testing()).render(
            server.url("/page"), settings: try Self.settings(waitFor: "li"), options: options)
        #expect(try Self.titles(result) == ["Eta"])
        for path in ["/page", "/items.json"] {
            let request = try #require(server.requests(to: path).first)
            #expect(request.headers["X-Api-Key"] == "key-1", "\(path)")
            #expect(request.headers["Cookie"]?.contains("session=s-1") == true, "\(path)")
        }
    }

    @Test func robotsTxtIsObeyedBeforeABrowserStarts() async throws {
        let server = try FixtureServer()
        server.route("/robots.txt", .ok("User-agent: *\nDisallow: /page\n", contentType: "text/plain"))
        server.route("/page", .ok(Self.inlineList))
        let url = server.url("/page")
        await #expect(throws: FetchError.disallowedByRobots(url)) {
            try await Fetcher(settings: .testing()).render(url, settings: try Self.settings())
        }
        #expect(server.requestCount("/page") == 0)
    }

    @Test func aBrowserKilledMidLoadFailsClearlyAndKeepsTheLastGoodSnapshot() async throws {
        let cache = try TemporaryDirectory("trawl-render")
        let server = try FixtureServer()
        server.route("/page", .ok(Self.fetchedList))
        server.route(
            "/items.json", .ok(#"["Theta"]"#, contentType: "application/json"),
            .delayed(.seconds(8), .ok(#"["Iota"]"#, contentType: "application/json")))
        var source = SourceConfiguration(
            id: "js", kind: .list, url: server.url("/page"), items: "li",
            fields: [FieldRule(name: "title", locator: .css("a"))])
        source.render = try Self.settings(waitFor: "li", timeout: .seconds(20))
        let pipeline = Pipeline(
            configuration: Configuration(
                file: cache.file("trawl.json"), site: SiteSettings(title: "Test"),
                outputDirectory: cache.file("Output"), cacheDirectory: cache.file("Cache"),
                fetch: .testing(attempts: 1), sources: [source]))
        let first = try await pipeline.scrape()
        #expect(first.outcomes.map(\.status) == [.fetched])

        // While the page waits for its items, kill the browser this process started.
        let killer = Task {
            for _ in 0..<100 {
                try await Task.sleep(for: .milliseconds(100))
                if server.requestCount("/items.json") >= 2, let pid = Self.browsers().first {
                    kill(pid, SIGKILL)
                    return true
                }
            }
            return false
        }
        let second = try await pipeline.scrape()
        #expect(try await killer.value)
        #expect(second.outcomes.map(\.status) == [.failed])
        #expect(second.outcomes.first?.error?.message.contains("the browser exited before the page was read") == true)
        #expect(second.outcomes.first?.error?.kind == .browser)
        let kept = try #require(try CacheStore(root: cache.file("Cache")).lastGoodSnapshot(of: "js"))
        #expect(kept.items.map(\.title) == ["Theta"])
    }

    @Test func withoutChromiumTheConfigurationNamesThePackage() throws {
        let json = """
            {"sources": [{"id": "a", "kind": "list", "url": "https://example.org/", "items": "li",
              "fields": {"title": "a"}, "render": "browser", "waitFor": "li"}]}
            """
        #expect {
            _ = try ConfigurationTests().load(json, environment: ["PATH": "/nonexistent"])
        } throws: { error in
            "\(error)".contains("sources[0].render: needs Chromium, which is not installed: apt-get install chromium")
        }
    }

    /// The Chromium processes this test process started (by their parent), by id.
    static func browsers() -> [pid_t] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == me,
                let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
            else { return false }
            return String(decoding: command, as: UTF8.self).contains("--remote-debugging-pipe")
        }
    }
}
