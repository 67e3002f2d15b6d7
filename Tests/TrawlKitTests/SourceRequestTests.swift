import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A source's headers, cookies, basic auth and POST body, against a loopback server that
/// answers only when every one of them is right; and none of the secrets written anywhere.
@Suite struct SourceRequestTests {
    static let environment = [
        "API_KEY": "key-5f1c0a9e77", "SITE_USER": "ada", "SITE_PASSWORD": "pw-7d2b9c44e1",
        "FORM_TOKEN": "tok-93ab11f0c2",
    ]
    static let sessionCookie = "sess-4be0c2d1aa"
    static var secrets: [String] {
        [
            environment["API_KEY"]!, environment["SITE_PASSWORD"]!, environment["FORM_TOKEN"]!, sessionCookie,
            Data("ada:\(environment["SITE_PASSWORD"]!)".utf8).base64EncodedString(),
        ]
    }

    /// Answers POST /search with a list only to a request carrying everything; 401 otherwise.
    static func checkingServer() throws -> HTTPServer {
        let expectedBody = "q=rust+boats&token=\(environment["FORM_TOKEN"]!)"
        let authorization = "Basic " + Data("ada:\(environment["SITE_PASSWORD"]!)".utf8).base64EncodedString()
        let server = HTTPServer { request in
            if request.path == "/robots.txt" { return .plain(404) }
            var missing: [String] = []
            if request.method != "POST" { missing.append("method") }
            if request.headers["X-Api-Key"] != environment["API_KEY"] { missing.append("X-Api-Key") }
            if request.headers["Authorization"] != authorization { missing.append("Authorization") }
            let cookies = request.headers["Cookie"] ?? ""
            if !cookies.contains("session=\(sessionCookie)") || !cookies.contains("pref=dark") {
                missing.append("Cookie")
            }
            if request.headers["Content-Type"] != "application/x-www-form-urlencoded" { missing.append("Content-Type") }
            if String(decoding: request.body, as: UTF8.self) != expectedBody { missing.append("body") }
            guard missing.isEmpty, request.path == "/search" else {
                return HTTPResponse(status: 401, text: "refused: \(missing.joined(separator: ", "))")
            }
            return HTTPResponse(
                headers: ["Content-Type": "text/html; charset=utf-8"],
                text: "<ul><li><a href=\"/boats/1\">Rust boat one</a></li><li><a href=\"/boats/2\">Two</a></li></ul>")
        }
        try server.start()
        return server
    }

    static func configuration(port: UInt16) -> String {
        func source(_ id: String, _ path: String) -> String {
            """
            {"id": "\(id)", "kind": "list", "url": "http://127.0.0.1:\(port)\(path)", "items": "li",
             "fields": {"title": "a", "url": "a::attr(href)"},
             "method": "POST", "body": {"form": {"q": "rust boats", "token": "${FORM_TOKEN}"}},
             "headers": {"X-Api-Key": "${API_KEY}"}, "cookies": "cookies.txt",
             "auth": {"user": "${SITE_USER}", "password": "${SITE_PASSWORD}"}}
            """
        }
        return """
            {"output": "Output", "cache": "Cache", "fetch": {"delay": 0, "attempts": 1},
             "sources": [\(source("search", "/search")), \(source("denied", "/denied"))]}
            """
    }

    @Test func everythingReachesTheServerAndNoSecretIsWrittenOrPrinted() async throws {
        let server = try Self.checkingServer()
        defer { server.stop() }
        let directory = try TemporaryDirectory("trawl-request")
        try Data(Self.configuration(port: server.port).utf8).write(to: directory.file("trawl.json"))
        // As curl -c writes it: a session cookie, and an HttpOnly one for a path.
        let cookies = """
            # Netscape HTTP Cookie File
            127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\t\(Self.sessionCookie)
            #HttpOnly_127.0.0.1\tFALSE\t/search\tFALSE\t0\tpref\tdark
            other.example\tFALSE\t/\tFALSE\t0\tforeign\tnot-for-us

            """
        try Data(cookies.utf8).write(to: directory.file("cookies.txt"))

        let run = try await TrawlBinary.run(
            ["run", "--config", directory.file("trawl.json").path, "--verbose"], environment: Self.environment)
        #expect(run.errors.contains("[search] now tracking 2 items"), "\(run.errors)")
        #expect(run.errors.contains("HTTP 401"))  // the /denied source: a cookie path mismatch
        let snapshot = try #require(try CacheStore(root: directory.file("Cache")).lastGoodSnapshot(of: "search"))
        #expect(snapshot.items.map(\.title) == ["Rust boat one", "Two"])

        var written: [URL] = []
        for folder in ["Cache", "Output"] {
            let enumerator = FileManager.default.enumerator(at: directory.file(folder), includingPropertiesForKeys: nil)
            while let file = enumerator?.nextObject() as? URL {
                if !file.hasDirectoryPath { written.append(file) }
            }
        }
        #expect(written.count > 5)
        for secret in Self.secrets {
            #expect(!run.output.contains(secret), "stdout holds a secret")
            #expect(!run.errors.contains(secret), "stderr holds a secret")
            for file in written {
                let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
                #expect(!text.contains(secret), "\(file.lastPathComponent) holds a secret")
            }
        }
    }

    @Test func headersAndCredentialsNeverFollowARedirectToAnotherOrigin() async throws {
        let other = try FixtureServer()
        other.route("/landing", .ok("<p>elsewhere</p>"))
        let origin = try FixtureServer()
        origin.route("/start", .redirect(to: other.url("/landing").absoluteString))
        var options = RequestOptions()
        options.headers["X-Api-Key"] = "key-1"
        options.credentials = Credentials(user: "ada", password: "pw")
        _ = try await Fetcher(settings: .testing()).fetch(origin.url("/start"), options: options)
        let first = try #require(origin.requests(to: "/start").first)
        #expect(first.headers["X-Api-Key"] == "key-1")
        #expect(first.headers["Authorization"] != nil)
        let landing = try #require(other.requests(to: "/landing").first)
        #expect(landing.headers["X-Api-Key"] == nil)
        #expect(landing.headers["Authorization"] == nil)
    }

    @Test func aPOSTRedirectedWith303BecomesAGET() async throws {
        let server = try FixtureServer()
        server.route("/search", .redirect(to: "/results", status: 303))
        server.route("/results", .ok("<p>found</p>"))
        var options = RequestOptions()
        options.method = "POST"
        options.body = Data("q=1".utf8)
        options.contentType = "application/x-www-form-urlencoded"
        _ = try await Fetcher(settings: .testing()).fetch(server.url("/search"), options: options)
        #expect(server.requests(to: "/search").first?.method == "POST")
        #expect(server.requests(to: "/results").first?.method == "GET")
        #expect(server.requests(to: "/results").first?.body.isEmpty == true)
    }

    @Test(arguments: [
        (
            #""auth": {"user": "ada", "password": "hunter2"}"#,
            "sources[0].auth.password: write it as ${VARIABLE}, so the secret stays in the environment"
        ),
        (
            #""headers": {"X-Token": "a\nb"}"#,
            "sources[0].headers.X-Token: the value of 'X-Token' contains a line break"
        ),
        (#""headers": {"Cookie": "a=b"}"#, "sources[0].headers.Cookie: set cookies with \"cookies\""),
        (#""body": {"form": {"q": "x"}}"#, "sources[0].body: a body is sent only with \"method\": \"POST\""),
        (#""method": "PUT""#, "sources[0].method: 'PUT' is not one of GET, POST"),
        (#""method": "POST", "body": {"xml": "<a/>"}"#, "sources[0].body.xml: unknown key 'xml'"),
        (#""cookies": "missing.txt""#, "sources[0].cookies: cannot read the cookie file"),
        (#""cookies": {"a;b": "c"}"#, "sources[0].cookies.a;b: not a valid cookie name and value"),
    ])
    func badRequestSettingsAreNamedWithTheirPlace(settings: String, message: String) throws {
        let json =
            #"{"sources": [{"id": "a", "kind": "feed", "url": "https://example.org/feed", "#
            + settings + "}]}"
        do {
            _ = try ConfigurationTests().load(json)
            Issue.record("accepted: \(settings)")
        } catch let error as ConfigurationError {
            #expect("\(error)".contains(message), "\(error)")
            #expect(!"\(error)".contains("hunter2"))
        }
    }

    @Test func aJSONBodyIsSentAsWrittenWithItsVariablesExpanded() throws {
        let json = #"""
            {"sources": [{"id": "a", "kind": "feed", "url": "https://example.org/feed", "method": "POST",
              "body": {"json": {"query": "boats", "page": 2, "ratio": 0.5, "exact": true, "after": null,
                                "token": "${API_TOKEN}", "tags": ["a/b", 9007199254740993]}}}]}
            """#
        let configuration = try ConfigurationLoader.load(
            Data(json.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"), environment: ["API_TOKEN": "t-1"])
        let request = try #require(configuration.sources.first?.request)
        #expect(request.contentType == "application/json")
        #expect(
            String(decoding: request.body ?? Data(), as: UTF8.self)
                == #"{"query":"boats","page":2,"ratio":0.5,"exact":true,"after":null,"token":"t-1","tags":["a/b",9007199254740993]}"#
        )
    }

    @Test func aCookieFileWithABadLineNamesTheFileAndLine() throws {
        let directory = try TemporaryDirectory("trawl-cookies")
        try Data("# Netscape HTTP Cookie File\nexample.org\tFALSE\t/\n".utf8).write(to: directory.file("cookies.txt"))
        let json = """
            {"sources": [{"id": "a", "kind": "feed", "url": "https://example.org/feed", "cookies": "cookies.txt"}]}
            """
        #expect {
            _ = try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"), environment: [:])
        } throws: { error in
            "\(error)".contains("cookies.txt: line 2: expected 7 tab-separated columns")
        }
    }

    @Test func aSourcesFingerprintAndDescriptionHoldNoSecret() throws {
        var source = SourceConfiguration(id: "a", kind: .feed, url: URL(string: "https://example.org/")!)
        source.request.headers["X-Api-Key"] = "key-5f1c0a9e77"
        source.request.credentials = Credentials(user: "ada", password: "pw-7d2b9c44e1")
        source.request.cookies = [Cookie(domain: "example.org", name: "session", value: "sess-4be0c2d1aa")]
        let described = String(describing: source) + String(reflecting: source)
        for secret in ["key-5f1c0a9e77", "pw-7d2b9c44e1", "sess-4be0c2d1aa"] {
            #expect(!described.contains(secret))
        }
        #expect(described.contains("X-Api-Key"))
    }
}
