import Foundation
import TrawlKit
import TrawlServe

/// One scripted answer of the fixture server.
public indirect enum FixtureResponse: Sendable {
    /// Any status, with header fields and a body.
    case status(Int, headers: HTTPHeaders = [:], body: String = "")
    /// A 200 with bytes as they are (e.g. a gzip body with its Content-Encoding).
    case bytes(Data, headers: HTTPHeaders = [:])
    /// A 200 carrying validators, answered with 304 when the request presents them
    /// (If-None-Match wins over If-Modified-Since, RFC 9110 §13.2.2).
    case page(String, etag: String? = nil, lastModified: String? = nil)
    /// A redirect to `location`.
    case redirect(to: String, status: Int = 302)
    /// `response`, after a pause.
    case delayed(Duration, FixtureResponse)
    /// `response`, once the test opens `gate`: a request held while something else happens.
    case gated(FixtureGate, FixtureResponse)
    /// A body of `chunks` pieces of `chunkSize` bytes, one every `interval`, declaring its length.
    case drip(chunks: Int, chunkSize: Int, interval: Duration, declareLength: Bool = true)
    /// The connection resets before any response.
    case drop
    /// Declares `length` bytes, sends `after` of them, then resets the connection.
    case dropMidBody(length: Int, after: Int)

    /// A plain 200 with `body`.
    public static func ok(_ body: String, contentType: String = "text/html; charset=utf-8") -> FixtureResponse {
        .status(200, headers: ["Content-Type": contentType], body: body)
    }

    func response(to request: HTTPRequest) async -> HTTPResponse {
        switch self {
        case .status(let status, let headers, let body):
            return HTTPResponse(status: status, headers: headers, body: .data(Data(body.utf8)))
        case .bytes(let body, let headers):
            return HTTPResponse(status: 200, headers: headers, body: .data(body))
        case .page(let body, let etag, let lastModified):
            var headers: HTTPHeaders = ["Content-Type": "text/html; charset=utf-8"]
            headers["ETag"] = etag
            headers["Last-Modified"] = lastModified
            let unchanged: Bool
            if let presented = request.headers["If-None-Match"] {
                unchanged = etag.map { presented.contains($0) } ?? false
            } else if let since = request.headers["If-Modified-Since"], let lastModified {
                unchanged = since == lastModified
            } else {
                unchanged = false
            }
            return HTTPResponse(status: unchanged ? 304 : 200, headers: headers, body: .data(Data(body.utf8)))
        case .redirect(let location, let status):
            return HTTPResponse(status: status, headers: ["Location": location], body: .data(Data()))
        case .delayed(let pause, let then):
            try? await Task.sleep(for: pause)
            return await then.response(to: request)
        case .gated(let gate, let then):
            await gate.pass()
            return await then.response(to: request)
        case .drip(let chunks, let chunkSize, let interval, let declareLength):
            let chunk = Data(repeating: UInt8(ascii: "x"), count: chunkSize)
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "text/plain"],
                body: .stream(length: declareLength ? chunks * chunkSize : nil) { writer in
                    for _ in 0..<chunks {
                        try writer.write(chunk)
                        try await Task.sleep(for: interval)
                    }
                })
        case .drop:
            return .reset
        case .dropMidBody(let length, let after):
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "text/plain"],
                body: .stream(length: length) { writer in
                    try writer.write(Data(repeating: UInt8(ascii: "x"), count: after))
                    throw HTTPServerError.connectionClosed(reason: "dropped on purpose")
                })
        }
    }
}
