import Foundation
import TestSupport
import Testing

@testable import TrawlKit
@testable import TrawlServe

/// What `trawl serve` answers for the files of a folder, asked directly.
@Suite struct ServeStaticFileTests {
    let site: TemporaryDirectory
    let handler: StaticFileHandler

    init() throws {
        site = try TemporaryDirectory("site")
        let files = [
            "index.html": "<html><body><h1>Home</h1></body></html>",
            "feed.atom": "<feed/>",
            "feed.json": "{}",
            "digests/2024-01-02.md": "# Digest",
            "digests/index.html": "<p>digests</p>",
            "notes.txt": "0123456789",
            "data.json": "[]",
        ]
        for (path, text) in files {
            let url = site.file(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        handler = try StaticFileHandler(root: site.url)
    }

    func get(_ target: String, method: String = "GET", _ headers: HTTPHeaders = [:]) -> HTTPResponse {
        handler.respond(to: HTTPRequest(method: method, target: target, headers: headers))
    }

    func body(_ response: HTTPResponse) throws -> String {
        switch response.body {
        case .data(let data): return String(decoding: data, as: UTF8.self)
        case .file(let path, let offset, let length):
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return String(decoding: data[Int(offset)..<Int(offset) + length], as: UTF8.self)
        default: return ""
        }
    }

    @Test(arguments: [
        ("/index.html", "text/html; charset=utf-8"),
        ("/feed.atom", "application/atom+xml"),
        ("/feed.json", "application/feed+json"),
        ("/data.json", "application/json"),
        ("/digests/2024-01-02.md", "text/markdown; charset=utf-8"),
        ("/notes.txt", "text/plain; charset=utf-8"),
    ])
    func filesAreServedWithTheirTypes(path: String, type: String) {
        let response = get(path)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == type)
    }

    @Test func aFolderServesItsIndex() throws {
        #expect(try body(get("/")) == "<html><body><h1>Home</h1></body></html>")
        #expect(try body(get("/digests/")) == "<p>digests</p>")
    }

    @Test func aFolderWithoutItsSlashIsRedirected() {
        let response = get("/digests?x=1")
        #expect(response.status == 301)
        #expect(response.headers["Location"] == "/digests/?x=1")
    }

    @Test func aRedirectNeverLeavesTheSite() {
        // `//digests` would be a protocol-relative URL: a redirect to the host "digests".
        #expect(get("//digests").headers["Location"] == "/digests/")
    }

    @Test(arguments: [
        ("/../etc/passwd", 404), ("/digests/../../etc/passwd", 404), ("/%2e%2e/%2e%2e/etc/passwd", 404),
        ("/%2E%2E/secret", 404), ("/digests/%2e%2e%2f%2e%2e%2fetc/passwd", 404), ("/a%00b", 400),
        ("/index.html%00.txt", 400), ("/%zz", 400), ("/missing.html", 404), ("/./index.html", 404),
    ])
    func nothingOutsideTheRootIsServed(target: String, status: Int) {
        #expect(get(target).status == status)
    }

    @Test func symbolicLinksThatLeaveTheRootAreNotFollowed() throws {
        let outside = try TemporaryDirectory("outside")
        try Data("secret".utf8).write(to: outside.file("secret.txt"))
        try FileManager.default.createSymbolicLink(
            at: site.file("leak.txt"), withDestinationURL: outside.file("secret.txt"))
        try FileManager.default.createSymbolicLink(at: site.file("leakdir"), withDestinationURL: outside.url)
        try FileManager.default.createSymbolicLink(
            at: site.file("inside.txt"), withDestinationURL: site.file("notes.txt"))
        #expect(get("/leak.txt").status == 404)
        #expect(get("/leakdir/secret.txt").status == 404)
        #expect(get("/inside.txt").status == 200)
    }

    @Test func headAnswersLikeGet() {
        let response = get("/notes.txt", method: "HEAD")
        #expect(response.status == 200)
        #expect(response.contentLength == 10)
    }

    @Test(arguments: ["POST", "PUT", "DELETE"])
    func otherMethodsAreNotAllowed(method: String) {
        let response = get("/notes.txt", method: method)
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, HEAD")
    }

    @Test func theETagGetsA304() throws {
        let etag = try #require(get("/notes.txt").headers["ETag"])
        #expect(get("/notes.txt", ["If-None-Match": etag]).status == 304)
        #expect(get("/notes.txt", ["If-None-Match": "\"other\", \(etag)"]).status == 304)
        #expect(get("/notes.txt", ["If-None-Match": "\"other\""]).status == 200)
    }

    @Test func lastModifiedGetsA304() throws {
        let lastModified = try #require(get("/notes.txt").headers["Last-Modified"])
        #expect(get("/notes.txt", ["If-Modified-Since": lastModified]).status == 304)
        #expect(get("/notes.txt", ["If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"]).status == 200)
    }

    @Test(
        arguments: [
            ("bytes=0-3", 206, "0123", "bytes 0-3/10"), ("bytes=7-", 206, "789", "bytes 7-9/10"),
            ("bytes=-2", 206, "89", "bytes 8-9/10"), ("bytes=5-100", 206, "56789", "bytes 5-9/10"),
            ("bytes=10-", 416, "", "bytes */10"), ("bytes=0-1,4-5", 200, "0123456789", nil),
            ("items=0-1", 200, "0123456789", nil), ("bytes=3-1", 200, "0123456789", nil),
        ] as [(String, Int, String, String?)])
    func byteRanges(range: String, status: Int, content: String, contentRange: String?) throws {
        let response = get("/notes.txt", ["Range": range])
        #expect(response.status == status)
        #expect(response.headers["Content-Range"] == contentRange)
        if status != 416 { #expect(try body(response) == content) }
    }

    @Test func aRangeForAnOlderVersionGetsTheWholeFile() {
        let response = get("/notes.txt", ["Range": "bytes=0-1", "If-Range": "\"old\""])
        #expect(response.status == 200)
    }

    @Test func watchModePutsTheReloadScriptIntoPagesOnly() throws {
        let watching = try StaticFileHandler(root: site.url, injectedScript: "<script>reload()</script>")
        let page = watching.respond(to: HTTPRequest(target: "/"))
        #expect(try body(page) == "<html><body><h1>Home</h1><script>reload()</script></body></html>")
        #expect(page.headers["ETag"]?.hasSuffix("-lr\"") == true)
        let text = watching.respond(to: HTTPRequest(target: "/notes.txt"))
        #expect(try body(text) == "0123456789")
    }

    @Test func aMissingRootIsAnErrorNamingIt() {
        #expect(throws: ServeError.self) { try StaticFileHandler(root: site.file("nope")) }
    }
}
