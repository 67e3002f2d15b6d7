import Foundation
import TestSupport
import Testing
import TrawlKit

/// Two nights of `trawl run` against a real HTTP/2 server (hypercorn, `Servers/http2_server.py`)
/// over TLS on 127.0.0.1, trusting a throw-away CA through `CURL_CA_BUNDLE`: several sources
/// on one host, fetched at once, share one connection a night (docs/FETCHING.md, Connections).
@Suite struct HTTP2NightTests {
    static let sources = 6

    /// hypercorn serving the test's pages; stops when its standard input closes.
    final class HTTP2Server: @unchecked Sendable {
        let port: Int
        let log: URL
        private let process: Process
        private let input = Pipe()

        static let script = SharedTestData.packageRoot.appendingPathComponent(
            "Tests/EndToEndTests/Servers/http2_server.py")

        init(python: ExternalTool, certificate: URL, key: URL, log: URL) throws {
            self.log = log
            process = Process()
            process.executableURL = URL(fileURLWithPath: python.path)
            process.arguments = [Self.script.path, certificate.path, key.path, log.path]
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            // The server prints its port once it listens.
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let more = output.fileHandleForReading.availableData
                if more.isEmpty { break }
                line.append(more)
            }
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let port = Int(text) else {
                try? input.fileHandleForWriting.close()
                throw NotStarted(printed: text)
            }
            self.port = port
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }

        /// Every request logged so far: (HTTP version, client port, status, path).
        func requests() throws -> [(version: String, client: String, status: Int, path: String)] {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map { line in
                let parts = line.split(separator: " ").map(String.init)
                return (parts[0], parts[1], Int(parts[2]) ?? 0, parts[3])
            }
        }

        struct NotStarted: Error, CustomStringConvertible {
            let printed: String
            var description: String { "\(HTTP2Server.script.path) did not print its port (printed \"\(printed)\")" }
        }
    }

    struct HypercornMissing: Error, CustomStringConvertible {
        var description: String { "CI=true but Python's hypercorn is missing: make test-deps (pip install hypercorn)" }
    }

    /// A throw-away CA and a certificate for 127.0.0.1 it signed: (CA, certificate, key).
    static func makeCertificates(
        in directory: TemporaryDirectory, openssl: ExternalTool
    ) async throws -> (
        URL, URL, URL
    ) {
        let ca = directory.file("ca.pem"), caKey = directory.file("ca.key")
        let certificate = directory.file("server.pem"), key = directory.file("server.key")
        let request = directory.file("server.csr"), extensions = directory.file("san.cnf")
        try Data("subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8)
            .write(to: extensions)
        let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        let steps: [[String]] = [
            ["req", "-x509"] + newKey + [
                "-keyout", caKey.path, "-out", ca.path, "-days", "2", "-subj", "/CN=HTTP2NightTests throw-away CA",
            ],
            ["req"] + newKey + ["-keyout", key.path, "-out", request.path, "-subj", "/CN=127.0.0.1"],
            [
                "x509", "-req", "-in", request.path, "-CA", ca.path, "-CAkey", caKey.path, "-CAcreateserial",
                "-out", certificate.path, "-days", "2", "-extfile", extensions.path,
            ],
        ]
        for step in steps {
            let result = try await openssl.run(step)
            try #require(result.status == 0, "openssl \(step.joined(separator: " ")): \(result.standardError)")
        }
        return (ca, certificate, key)
    }

    /// `trawl.json`: `sources` list pages on `base`, all fetched at once.
    static func configuration(base: String, in directory: TemporaryDirectory) throws -> URL {
        let sources: [[String: Any]] = (1...Self.sources).map { number in
            [
                "id": "page-\(number)", "name": "Page \(number)", "kind": "list", "url": "\(base)/page/\(number)",
                "items": "li.entry", "fields": ["title": "a", "url": ["css": "a::attr(href)", "type": "url"]],
                "idField": "url",
            ]
        }
        let configuration: [String: Any] = [
            "site": ["title": "HTTP/2", "url": "https://example.org/http2/"],
            "output": "Output", "cache": "Cache",
            "fetch": [
                "userAgent": "Trawl HTTP2NightTests", "delay": 0, "concurrency": Self.sources,
                "perHostConcurrency": Self.sources,
            ],
            "sources": sources,
        ]
        let file = directory.file("trawl.json")
        try JSONSerialization.data(withJSONObject: configuration, options: [.prettyPrinted, .sortedKeys]).write(
            to: file)
        return file
    }

    @Test func severalSourcesOnOneHostShareOneConnectionANight() async throws {
        guard let openssl = try ExternalTool.find("openssl", package: "openssl"),
            let python = try ExternalTool.find("python3", package: "python3")
        else { return }
        guard try await python.run(["-c", "import hypercorn"]).status == 0 else {
            if SharedTestData.isCI { throw HypercornMissing() }
            FileHandle.standardError.write(
                Data("note: Python's hypercorn is not installed (make test-deps); skipping the HTTP/2 night\n".utf8))
            return
        }
        let directory = try TemporaryDirectory("trawl-http2")
        let (ca, certificate, key) = try await Self.makeCertificates(in: directory, openssl: openssl)
        let server = try HTTP2Server(
            python: python, certificate: certificate, key: key, log: directory.file("requests.log"))
        defer { server.stop() }
        let configuration = try Self.configuration(base: "https://127.0.0.1:\(server.port)", in: directory)
        let cache = directory.file("Cache")
        func night() async throws -> RunRecord {
            let result = try await TrawlBinary.run(
                [
                    "run", "--config", configuration.path, "--output", directory.file("Output").path, "--cache",
                    cache.path,
                ],
                environment: ["CURL_CA_BUNDLE": ca.path])
            #expect(result.status == 0, "\(result.errors)")
            return try #require(try CacheStore(root: cache, access: .readOnly).runs().last)
        }

        // Night one: every page fetched (and robots.txt), all over HTTP/2, on one connection.
        let first = try await night()
        #expect(first.outcomes.count == Self.sources)
        #expect(first.outcomes.allSatisfy { $0.status == .fetched && $0.itemCount == 5 }, "\(first.outcomes)")
        let one = try server.requests()
        #expect(Set(one.map(\.path)) == Set(["/robots.txt"] + (1...Self.sources).map { "/page/\($0)" }))
        #expect(one.allSatisfy { $0.version == "2" && $0.status == 200 }, "\(one)")
        #expect(Set(one.map(\.client)).count == 1, "connections: \(Set(one.map(\.client)))")

        // Night two: nothing changed, a 304 for every page, again on one (new) connection.
        let second = try await night()
        #expect(second.outcomes.count == Self.sources)
        #expect(second.outcomes.allSatisfy { $0.status == .notModified }, "\(second.outcomes)")
        let two = Array(try server.requests().dropFirst(one.count))
        let pages = two.filter { $0.path.hasPrefix("/page/") }
        #expect(pages.count == Self.sources)
        #expect(pages.allSatisfy { $0.status == 304 }, "\(pages)")
        #expect(two.allSatisfy { $0.version == "2" }, "\(two)")
        #expect(Set(two.map(\.client)).count == 1, "connections: \(Set(two.map(\.client)))")
    }
}
