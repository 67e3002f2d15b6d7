import Foundation
import TestSupport
import Testing

@testable import TrawlServe

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server core over real sockets on 127.0.0.1.
@Suite struct ServeHTTPServerTests {
    @Test func answersOnAnOSChosenPort() async throws {
        let server = HTTPServer { request in HTTPResponse(text: "you asked for \(request.path)") }
        try server.start()
        defer { server.stop() }
        #expect(server.port != 0)
        let (body, response) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("hello"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == "you asked for /hello")
    }
}

/// Reading requests: the head, the body, and the limits.
@Suite struct ServeRequestParserTests {
    @Test func aRequestIsReadInPieces() throws {
        var parser = HTTPRequestParser()
        parser.append(Data("GET /a%20b?q=1 HTTP/1.1\r\nHost: x\r\n".utf8))
        #expect(try parser.nextRequest() == nil)
        parser.append(Data("Content-Length: 3\r\n\r\nab".utf8))
        #expect(try parser.nextRequest() == nil)
        parser.append(Data("cGET / HTTP/1.1\r\n\r\n".utf8))
        let first = try #require(try parser.nextRequest())
        #expect(first.path == "/a%20b")
        #expect(first.query == "q=1")
        #expect(first.headers["host"] == "x")
        #expect(first.body == Data("abc".utf8))
        let second = try #require(try parser.nextRequest())
        #expect(second.target == "/")
    }

    @Test(arguments: [
        ("GET /\r\n\r\n", HTTPParseError.malformed("bad request line")),
        ("GET / HTTP/2.0\r\n\r\n", .malformed("unsupported version")),
        ("GET nope HTTP/1.1\r\n\r\n", .malformed("bad request target")),
        ("GET / HTTP/1.1\r\nBad Header: x\r\n\r\n", .malformed("space in a header name")),
        ("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", .malformed("bad Content-Length")),
        ("GET / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n", .bodyTooLarge),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", .unsupportedTransferEncoding),
        ("GET /a\0b HTTP/1.1\r\n\r\n", .malformed("NUL byte in the request head")),
    ])
    func malformedRequestsAreRefused(text: String, expected: HTTPParseError) {
        var parser = HTTPRequestParser()
        parser.append(Data(text.utf8))
        #expect(throws: expected) { try parser.nextRequest() }
    }

    @Test func anOversizedHeadIsRefusedBeforeItEnds() {
        var parser = HTTPRequestParser(maxHeaderBytes: 1024)
        parser.append(Data(("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 2000)).utf8))
        #expect(throws: HTTPParseError.headerTooLarge) { try parser.nextRequest() }
    }

    @Test(
        arguments: [
            ("HTTP/1.1", nil, true), ("HTTP/1.1", "close", false), ("HTTP/1.0", nil, false),
            ("HTTP/1.0", "keep-alive", true),
        ] as [(String, String?, Bool)])
    func keepAliveFollowsTheVersionAndConnectionHeader(version: String, connection: String?, keepsAlive: Bool) {
        var headers = HTTPHeaders()
        headers["Connection"] = connection
        #expect(HTTPRequest(target: "/", version: version, headers: headers).keepsAlive == keepsAlive)
    }
}
