import Foundation
import TestSupport
import Testing

/// A `json` source's body near the fetch cap (20 MB) is read in bounded memory: measured as
/// the peak resident size of a child `trawl try` (getrusage of a Python parent that only
/// waits for it, so no other child of the test process counts). A tree costs about a
/// hundred bytes a value: without the value bound, 19 MB of `[0,0,…]` took 1.1 GB.
@Suite(.serialized) struct JSONMemoryBoundTests {
    static let ceilingMB = 600

    /// `trawl try ID` in `directory`, and the child's peak resident size in MB.
    static func peak(
        _ id: String, in directory: TemporaryDirectory
    ) async throws -> (
        status: Int32, errors: String, megabytes: Int
    ) {
        let script = """
            import resource, subprocess, sys
            r = subprocess.run(sys.argv[1:], capture_output=True, text=True)
            sys.stderr.write(r.stderr)
            print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
            """
        let output = try await ExternalTool(path: "/usr/bin/env").run(
            ["python3", "-c", script, TrawlBinary.url.path, "try", id, "--config", directory.file("trawl.json").path])
        let words = output.standardOutput.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(words.count == 2, "\(output.standardOutput)\(output.standardError)")
        return (Int32(words.first ?? -1), output.standardError, words.last ?? Int.max)
    }

    static func site() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("json-memory")
        // Tiny values, one every two bytes: the shape that costs the most per byte.
        var zeros = "["
        zeros += Array(repeating: "0", count: 9_500_000).joined(separator: ",")
        zeros += "]"
        try Data(zeros.utf8).write(to: directory.file("zeros.json"))
        // An API's shape: objects of strings and numbers, 19 MB.
        var api = "["
        for index in 0..<56_000 {
            if index > 0 { api += "," }
            api += #"{"id": \#(index), "name": "release \#(index)", "html_url": "https://example.org/r/\#(index)", "#
            api += #""published_at": "2026-01-01T00:00:00Z", "body": "\#(String(repeating: "x", count: 150))", "#
            api += #""assets": [{"name": "a\#(index).tar.gz", "size": \#(index)}]}"#
        }
        api += "]"
        try Data(api.utf8).write(to: directory.file("api.json"))
        let configuration = #"""
            {"output": "out", "cache": "cache", "sources": [
              {"id": "zeros", "kind": "json", "url": "zeros.json", "items": "$[*]", "fields": {"title": "$"}},
              {"id": "api", "kind": "json", "url": "api.json", "items": "$[*]", "maxItems": 100000,
               "fields": {"title": "$.name", "url": "$.html_url", "date": "$.published_at"}}]}
            """#
        try Data(configuration.utf8).write(to: directory.file("trawl.json"))
        return directory
    }

    @Test func aLargeBodyOfTinyValuesIsRefusedWithinBoundedMemory() async throws {
        let directory = try Self.site()
        let (status, errors, megabytes) = try await Self.peak("zeros", in: directory)
        #expect(status == 1)
        #expect(errors.contains("the response holds more than 2500000 values in one document"), "\(errors)")
        #expect(megabytes < Self.ceilingMB, "peak \(megabytes) MB")
    }

    @Test func aNineteenMegabyteAPIResponseIsReadWholeWithinBoundedMemory() async throws {
        let directory = try Self.site()
        let (status, errors, megabytes) = try await Self.peak("api", in: directory)
        #expect(status == 0, "\(errors)")
        #expect(megabytes < Self.ceilingMB, "peak \(megabytes) MB")
    }
}
