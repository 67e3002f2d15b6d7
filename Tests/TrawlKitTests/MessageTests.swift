import Foundation
import TestSupport
import Testing
import TrawlFeeds
import TrawlHTML

@testable import TrawlKit

/// Issue 17, case 15: each failure says the file, the path or the cause, in words.
@Suite struct MessageTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("messages")
    }

    static func config(sourceID: String = "news", url: String = "https://example.org/") -> String {
        """
        {
          "site": {"title": "T"},
          "sources": [
            {"id": "\(sourceID)", "kind": "list", "url": "\(url)", "items": "li", "fields": {"title": "a"}}
          ]
        }
        """
    }

    func load(_ data: Data) throws -> Configuration {
        try ConfigurationLoader.load(data, file: directory.file("trawl.json"), environment: [:])
    }

    @Test func invalidUTF8InTheConfigurationIsAnErrorWithLineAndColumn() throws {
        var data = Data(Self.config().utf8)
        let offset = try #require(data.firstRange(of: Data("\"T\"".utf8))).lowerBound + 1
        data[offset] = 0xFF
        #expect {
            _ = try load(data)
        } throws: { error in
            let text = "\(error)"
            return text.contains("trawl.json:2:22: ") && text.contains("not UTF-8") && text.contains("0xFF")
        }
    }

    @Test func aControlCharacterInTheConfigurationIsAnError() throws {
        let text = Self.config().replacingOccurrences(of: "\"T\"", with: "\"T\u{01}\"")
        #expect {
            _ = try load(Data(text.utf8))
        } throws: { error in
            "\(error)".contains("control character U+0001") && "\(error)".contains("trawl.json:2:23: ")
        }
    }

    @Test func aSourceIDTooLongForAFileNameFailsValidation() throws {
        let id = String(repeating: "a", count: 300)
        #expect {
            _ = try load(Data(Self.config(sourceID: id).utf8))
        } throws: { error in
            "\(error)".contains("sources[0].id") && "\(error)".contains("300 bytes")
        }
        _ = try load(Data(Self.config(sourceID: String(repeating: "a", count: 100)).utf8))
    }

    @Test func billionLaughsSaysWhatBudgetWasExceeded() throws {
        var entities = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let feed =
            "<?xml version=\"1.0\"?><!DOCTYPE rss [\(entities)]><rss version=\"2.0\"><channel>"
            + "<title>&lol9;</title><link>https://example.org/</link><description>d</description></channel></rss>"
        #expect {
            _ = try FeedParser().parse(Data(feed.utf8))
        } throws: { error in
            let text = "\(error)"
            return text.contains("billion laughs") && !text.contains("exceeds 0")
                && (text.contains("amplification") || text.contains("characters"))
        }
    }

    @Test func itemsDroppedForASharedIDAreWarnedAboutWithTheCount() async throws {
        let page = directory.file("page.html")
        let items = (0..<1_000).map { "<li><a>Same</a> \($0)</li>" }.joined()
        try Data("<ul>\(items)</ul>".utf8).write(to: page)
        try Data(Self.config(url: page.absoluteString).utf8).write(to: directory.file("trawl.json"))
        let configuration = try ConfigurationLoader.load(from: directory.file("trawl.json"), environment: [:])
        let notices = NoticeLog()
        let pipeline = Pipeline(configuration: configuration) { event in
            if case .notice(_, let message) = event { notices.append(message) }
        }
        let record = try await pipeline.scrape()
        // A warning of the outcome (the summary prints it, the health keeps it), not a notice.
        #expect(notices.all.isEmpty)
        let warnings = record.outcomes.first?.warnings ?? []
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("999 of 1000 items were dropped") == true, "\(warnings)")
        #expect(warnings.first?.contains("'Same'") == true)
    }

    @Test func aPageCutAtTheDepthLimitIsANoticeNamingIt() async throws {
        let page = directory.file("deep.html")
        let items = (1...1_500).map { "<li><a>Item \($0)</a><div><div>" }.joined()
        try Data("<ul>\(items)</ul>".utf8).write(to: page)
        try Data(Self.config(url: page.absoluteString).utf8).write(to: directory.file("trawl.json"))
        let configuration = try ConfigurationLoader.load(from: directory.file("trawl.json"), environment: [:])
        let notices = NoticeLog()
        let pipeline = Pipeline(configuration: configuration) { event in
            if case .notice(_, let message) = event { notices.append(message) }
        }
        _ = try await pipeline.scrape()
        #expect(notices.all.contains { $0.contains("deep.html") && $0.contains("nest 2048 deep") }, "\(notices.all)")
    }

    @Test func foundationFileErrorsNameThePathAndTheCause() throws {
        do {
            _ = try Data(contentsOf: directory.url)
            Issue.record("a folder read as a file")
        } catch {
            let text = FileErrorText.describe(error)
            #expect(text.contains(directory.url.path), "\(text)")
            #expect(!text.contains("NSCocoaErrorDomain"), "\(text)")
        }
        let file = directory.file("plain")
        try Data("x".utf8).write(to: file)
        do {
            try Data("y".utf8).write(to: file.appendingPathComponent("below"))
            Issue.record("wrote below a file")
        } catch {
            let text = FileErrorText.describe(error)
            #expect(text.contains("plain/below"), "\(text)")
            #expect(text.contains("Not a directory"), "\(text)")
        }
    }

    @Test func trawlTemplateOnAFolderSaysWhyInWords() async throws {
        let result = try await TrawlBinary.run(["template", directory.url.path])
        #expect(result.status == 2)
        #expect(!result.errors.contains("NSCocoaErrorDomain"), "\(result.errors)")
        #expect(result.errors.contains(directory.url.path), "\(result.errors)")
    }

    @Test func aCacheFileThatIsNotUTF8IsReportedAsSuch() throws {
        let store = CacheStore(root: directory.file("Cache"))
        var bytes = Data(
            "{\"schemaVersion\": 1, \"sourceID\": \"news\", \"takenAt\": \"2026-11-30T04:00:00Z\", \"items\": []}\n"
                .utf8)
        bytes[bytes.firstRange(of: Data("news".utf8))!.lowerBound] = 0xC3
        try FileManager.default.createDirectory(
            at: store.snapshotFile(of: "news").deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: store.snapshotFile(of: "news"))
        #expect(try store.lastGoodSnapshot(of: "news") == nil)
        let problem = try #require(store.problems.all.first)
        #expect(problem.description.contains("UTF-8"), "\(problem)")
        #expect(!problem.description.contains("is missing"), "\(problem)")
    }

    @Test(arguments: ["text/html; charset=utf-7", nil])
    func utf7PagesAreNotDecodedAsUTF7(contentType: String?) throws {
        let markup =
            "<html><head><meta charset=\"utf-7\"></head><body><p>+ADw-script+AD4-alert(1)+ADw-/script+AD4-</p></body></html>"
        let document = Document.parseHTML(Data(markup.utf8), contentType: contentType)
        #expect(try document.select("script").isEmpty)
        #expect(try document.select("p").text == "+ADw-script+AD4-alert(1)+ADw-/script+AD4-")
    }
}

/// Notices a pipeline reported, from any thread.
final class NoticeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func append(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
