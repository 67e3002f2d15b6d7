import Foundation
import Testing
import TrawlFeeds

/// `FeedParser.Options.maxEntries`: the first entries are read, the rest only counted, in
/// every format, so a huge feed does not build a model of entries that would be dropped.
@Suite struct FeedEntryLimitTests {
    static let rss =
        "<rss version=\"2.0\"><channel><title>F</title>"
        + (1...7).map { "<item><guid>r\($0)</guid><title>R\($0)</title></item>" }.joined() + "</channel></rss>"
    static let atom =
        "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>F</title>"
        + (1...7).map { "<entry><id>a\($0)</id><title>A\($0)</title></entry>" }.joined() + "</feed>"
    static let json =
        #"{"version": "https://jsonfeed.org/version/1.1", "title": "F", "items": ["#
        + (1...7).map { #"{"id": "j\#($0)", "title": "J\#($0)"}"# }.joined(separator: ",") + "]}"

    @Test(arguments: [(rss, "r"), (atom, "a"), (json, "j")])
    func theFirstEntriesAreReadAndTheRestCounted(_ document: String, prefix: String) throws {
        let parsed = try FeedParser(options: .init(maxEntries: 3)).parse(Data(document.utf8))
        #expect(parsed.feed.entries.map(\.id) == ["1", "2", "3"].map { prefix + $0 })
        #expect(parsed.entriesLeftOut == 4)
    }

    @Test func withoutALimitEveryEntryIsRead() throws {
        let parsed = try FeedParser().parse(Data(Self.rss.utf8))
        #expect(parsed.feed.entries.count == 7)
        #expect(parsed.entriesLeftOut == 0)
    }
}
