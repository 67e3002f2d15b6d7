import Foundation
import Testing

@testable import TrawlKit

/// `CountText` is the one place a count gets its word, and the code keeps it so.
@Suite struct CountTextTests {
    @Test func oneTakesTheSingularAndEveryOtherCountThePlural() {
        #expect(CountText.of(1, "item", "items") == "1 item")
        #expect(CountText.of(0, "item", "items") == "0 items")
        #expect(CountText.of(3, "source", "sources", shown: "2/3") == "2/3 sources")
        #expect(CountText.of(1200, "item", "items", shown: "1,200") == "1,200 items")
    }

    /// A count interpolated straight before a plural noun reads "1 sources" when it is one.
    /// Not counted: a share of a whole ("3 of 10 items" is plural whatever the count), units
    /// such as bytes, and a line that words one apart (`total == 1 ? …`).
    @Test func noSourceFileWritesACountBeforeARawPlural() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let nouns =
            "sources|items|changes|files|runs|shards|warnings|entries|pages|failures|records|snapshots"
            + "|notifiers|attempts|errors|lines|redirects|lists|proposals|elements|<script> elements|fields"
        let pattern = try NSRegularExpression(
            pattern: #"(?<!of )\\\([^()\n]*(?:\([^()\n]*\))?[^()\n]*\) (?:"# + nouns + #")\b"#)
        var found: [String] = []
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.contains("== 1 ?") {
                let line = String(line)
                if pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(file.path.dropFirst(root.path.count + 1)):\(number + 1): \(line)")
                }
            }
        }
        #expect(found.isEmpty, "write these counts with CountText.of:\n\(found.joined(separator: "\n"))")
    }
}
