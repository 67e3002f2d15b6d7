import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `"proxy"` in `fetch` and on a source: requests go through a real forward proxy on
/// loopback (libcurl, and Chromium for `render: browser`), with its user and password
/// from the environment only, and never shown where a person or a file would keep them.
@Suite(.serialized) struct ProxyTests {
    static func configuration(_ json: String, environment: [String: String] = [:]) throws -> Configuration {
        try ConfigurationLoader.load(
            Data(json.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"),
            environment: environment)
    }

    @Test func aSourcesRequestsGoThroughItsProxyWithTheCredentialsFromTheEnvironment() async throws {
        let origin = try FixtureServer()
        origin.route("/page", .page("<ul><li><a href=/a>A</a></li></ul>"))
        let proxy = try ForwardProxy(credentials: ("scraper", "s3cr;t@pass"))
        let json = """
            {"fetch": {"robots": false, "delay": 0},
             "sources": [{"id": "p", "kind": "list", "url": "\(origin.url("/page"))", "items": "li",
                          "fields": {"title": "a"},
                          "proxy": "http://${PROXY_USER}:${PROXY_PASSWORD}@\(proxy.address.dropFirst("http://".count))"}]}
            """
        let configuration = try Self.configuration(
            json, environment: ["PROXY_USER": "scraper", "PROXY_PASSWORD": "s3cr;t@pass"])
        let source = try #require(configuration.sources.first)
        let fetcher = Fetcher(settings: configuration.fetch)
        let result = try await fetcher.fetch(source.url, options: source.request)
        guard case .page(let page) = result else { throw NotAPage() }
        #expect(String(decoding: page.body, as: UTF8.self).contains("<a href=/a>A</a>"))
        // Through the proxy: it saw the request, and the origin heard from it alone.
        #expect(proxy.requests.map(\.target).contains(origin.url("/page").absoluteString))
        #expect(origin.requestCount("/page") == 1)
        // The secret is nowhere a log, an error or the cache's fingerprint would show.
        #expect(!"\(source)".contains("s3cr"))
        #expect(!source.fingerprint.isEmpty)
        #expect("\(source.request)".contains("proxy: http://***@127.0.0.1:"))
    }

    @Test func fetchProxyIsEveryonesAndWrongCredentialsFailWithoutShowingThem() async throws {
        let origin = try FixtureServer()
        origin.route("/page", .page("<p>hi</p>"))
        let proxy = try ForwardProxy(credentials: ("right", "right"))
        let bare = proxy.address.dropFirst("http://".count)
        let open = try Self.configuration(
            #"{"fetch": {"robots": false, "proxy": "http://${U}:${P}@\#(bare)"}, "sources": []}"#,
            environment: ["U": "right", "P": "right"])
        _ = try await Fetcher(settings: open.fetch).fetch(origin.url("/page"))
        #expect(proxy.requests.count == 1)

        let wrong = try Self.configuration(
            #"{"fetch": {"robots": false, "attempts": 1, "proxy": "http://${U}:${P}@\#(bare)"}, "sources": []}"#,
            environment: ["U": "wrong-user", "P": "wrong-password"])
        let error = await #expect(throws: FetchError.self) {
            _ = try await Fetcher(settings: wrong.fetch).fetch(origin.url("/page"))
        }
        #expect(!"\(String(describing: error))".contains("wrong-password"))
        #expect(origin.requestCount("/page") == 1)
    }

    @Test func aPasswordWrittenInTheFileIsAConfigurationError() throws {
        let json =
            #"{"sources": [{"id": "a", "kind": "feed", "url": "a.xml", "proxy": "socks5h://me:hunter2@proxy:1080"}]}"#
        let error = try #require(throws: ConfigurationError.self) { try Self.configuration(json) }
        #expect("\(error)".contains("sources[0].proxy"))
        #expect("\(error)".contains("${VARIABLE}"))
        #expect(!"\(error)".contains("hunter2"))
    }

    @Test(arguments: [
        ("http://127.0.0.1:3128", "http://127.0.0.1:3128", "http://127.0.0.1:3128"),
        ("https://proxy.example", "https://proxy.example:443", "https://proxy.example:443"),
        ("socks5://[::1]", "socks5://[::1]:1080", "socks5://[::1]:1080"),
        ("socks5h://proxy:9050", "socks5h://proxy:9050", "socks5://proxy:9050"),
    ])
    func proxyAddressesForCurlAndChromium(_ text: String, _ curl: String, _ chromium: String) throws {
        let proxy = try #require(ProxyAddress(text))
        #expect(proxy.curlAddress == curl)
        #expect(proxy.chromiumServer == chromium)
    }

    @Test(arguments: ["ftp://proxy:21", "proxy:3128", "http://", "http://proxy/path"])
    func anAddressOfAnotherKindIsAConfigurationError(_ text: String) throws {
        let json = #"{"fetch": {"proxy": "\#(text)"}, "sources": []}"#
        let error = try #require(throws: ConfigurationError.self) { try Self.configuration(json) }
        #expect("\(error)".contains("fetch.proxy"))
        #expect("\(error)".contains("is not a proxy address"))
    }

    @Test func aRenderedPageGoesThroughTheProxyToo() async throws {
        let origin = try FixtureServer()
        origin.route("/page", .page("<ul id=list></ul><script>list.innerHTML='<li><a href=/x>X</a></li>'</script>"))
        let proxy = try ForwardProxy(credentials: ("u", "p"))
        var options = RequestOptions()
        options.proxy = ProxyAddress("http://u:p@\(proxy.address.dropFirst("http://".count))")
        var settings = FetchSettings.testing()
        settings.obeysRobots = false
        let render = try BrowserRenderTests.settings()
        let result = try await Fetcher(settings: settings).render(
            origin.url("/page"), settings: render, options: options)
        #expect(try BrowserRenderTests.titles(result) == ["X"])
        #expect(proxy.requests.contains { $0.target == origin.url("/page").absoluteString })
        #expect(origin.requestCount("/page") == 1)
    }

    struct NotAPage: Error {}
}
