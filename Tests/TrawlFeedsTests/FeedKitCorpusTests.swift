import Foundation
import TestSupport
import Testing
import TrawlFeeds

/// FeedKit's real-world feeds (../shared/testdata/feeds/feedkit): every feed parses, and
/// the podcast, Media RSS, Dublin Core and JSON Feed values land in the model.
@Suite struct FeedKitCorpusTests {
    /// Files in the corpus that are deliberately not feeds.
    static let notFeeds: Set<String> = ["FeedNotFound.xml", "Sample.xml", "XML.xml"]
    /// Feeds from the wild that are not well-formed XML (bare `&`, undeclared prefixes).
    static let illFormed: Set<String> = ["Ampersand.xml", "AtomMedia.xml", "RDFDC.xml", "RSSMedia.xml"]

    static func feed(_ path: String) throws -> Feed? {
        guard let folder = try SharedTestDataFolder.feedKit else { return nil }
        let data = try Data(contentsOf: folder.appendingPathComponent(path))
        return try FeedParser().parse(data, url: URL(string: "https://example.com/feed")).feed
    }

    @Test func everyFeedParsesAndOnlyTheIllFormedOnesAreFlagged() throws {
        guard let files = try Corpus.files(in: "feeds/feedkit") else { return }
        #expect(files.count >= 25)
        for file in files where !Self.notFeeds.contains(file.lastPathComponent) {
            let data = try Data(contentsOf: file)
            do {
                let parsed = try FeedParser(lenient: true).parse(data)
                #expect(parsed.isIllFormed == Self.illFormed.contains(file.lastPathComponent), "\(Corpus.name(file))")
            } catch {
                Issue.record("\(Corpus.name(file)): \(error)")
            }
        }
    }

    @Test func anIllFormedFeedFailsInStrictModeWithItsLineAndColumn() throws {
        guard let folder = try SharedTestDataFolder.feedKit else { return }
        let data = try Data(contentsOf: folder.appendingPathComponent("FeedKitTests/xml/Ampersand.xml"))
        #expect(throws: FeedError.malformed(line: 194, column: 133, message: "EntityRef: expecting ';'")) {
            try FeedParser().parse(data)
        }
    }

    @Test(arguments: ["FeedKitTests/xml/FeedNotFound.xml", "XMLKitTests/xml/Sample.xml"])
    func aDocumentThatIsNotAFeedIsReportedAsSuch(path: String) throws {
        guard let folder = try SharedTestDataFolder.feedKit else { return }
        let data = try Data(contentsOf: folder.appendingPathComponent(path))
        #expect(throws: FeedError.self) { try FeedParser().parse(data) }
        do {
            _ = try FeedParser().parse(data)
        } catch let error as FeedError {
            guard error.code == .notAFeed else { Issue.record("expected notAFeed, got \(error)"); return }
        }
    }

    @Test func iTunesChannelAndEpisodeElementsAreRead() throws {
        guard let feed = try Self.feed("FeedKitTests/xml/iTunes.xml") else { return }
        let channel = try #require(feed.iTunes)
        #expect(channel.author == "Dan Carlin")
        #expect(channel.owner == FeedPerson(name: "Dan Carlin's Hardcore History", email: "dan@dancarlin.com"))
        #expect(channel.image?.absoluteString == "http://www.dancarlin.com/graphics/DC_HH_iTunes.jpg")
        #expect(channel.categories == ["Society & Culture", "Society & Culture/History"])
        #expect(channel.explicit == false)
        #expect(channel.type == "episodic")
        #expect(channel.newFeedURL?.absoluteString == "http://newlocation.com/example.rss")
        #expect(feed.image?.url == channel.image)
        let episode = try #require(feed.entries.first?.iTunes)
        #expect(episode.duration == 18_030)
        #expect(episode.season == 3)
        #expect(episode.episode == 2)
        #expect(episode.episodeType == "full")
        #expect(episode.explicit == false)
        #expect(feed.entries.first?.authors == [FeedPerson(name: "Dan Carlin")])
    }

    @Test func podcastNamespaceTranscriptsAreRead() throws {
        guard let feed = try Self.feed("FeedKitTests/xml/Podcast.xml") else { return }
        #expect(feed.entries.count == 2)
        let transcripts = feed.entries[0].podcast?.transcripts ?? []
        #expect(
            transcripts.map(\.href.absoluteString) == [
                "https://example.com/episode1/transcript.txt", "https://example.com/episode1/transcript.vtt",
            ])
        #expect(transcripts.map(\.rel) == ["transcript", "captions"])
        #expect(transcripts.first?.type == "text/plain")
    }

    @Test func mediaRSSContentBecomesEnclosuresAndThumbnail() throws {
        guard let feed = try Self.feed("FeedKitTests/xml/Media.xml") else { return }
        let entry = try #require(feed.entries.first)
        #expect(
            entry.enclosures.contains(
                FeedEnclosure(url: URL(string: "http://www.foo.com/song64kbps.mp3")!, type: "audio/mpeg", length: 1000))
        )
        #expect(entry.thumbnail?.absoluteString == "http://www.foo.com/keyframe1.jpg")
    }

    @Test func atomLinksInsideRSSKeepTheirRelations() throws {
        guard let feed = try Self.feed("FeedKitTests/xml/RSSAtom.xml") else { return }
        #expect(feed.links.map(\.rel) == ["self", "hub"])
        #expect(feed.links.first?.href.absoluteString == "https://websub.rocks/blog/103/lkK5Yax5utH3Ve5OUNQi")
    }

    @Test func dublinCoreFillsTheGaps() throws {
        guard let feed = try Self.feed("FeedKitTests/xml/RSSDC.xml") else { return }
        #expect(feed.authors.first?.name == "creator")
        #expect(feed.categories.map(\.term).contains("subject"))
    }

    @Test func jsonFeedItemsCarryTheirFields() throws {
        guard let feed = try Self.feed("FeedKitTests/json/feed.json") else { return }
        #expect(feed.format == .json10)
        #expect(feed.title == "Title")
        #expect(feed.link?.absoluteString == "https://example.org/")
        #expect(feed.authors == [FeedPerson(name: "Brent Simmons", uri: URL(string: "http://example.org/"))])
        let entry = try #require(feed.entries.first)
        #expect(entry.id == "http://therecord.co/chris-parrish")
        #expect(entry.content?.type == .html)
        #expect(entry.categories.map(\.term) == ["tag1", "tag2"])
        #expect(entry.published == FeedDate.parse("2014-05-09T19:04:00Z"))
        #expect(entry.thumbnail?.absoluteString == "https://example.org/image.jpg")
    }

    @Test func aLatin1FeedWithBareAmpersandsIsRecoveredInLenientMode() throws {
        guard let folder = try SharedTestDataFolder.feedKit else { return }
        let parsed = try FeedParser(lenient: true).parse(
            Data(contentsOf: folder.appendingPathComponent("FeedKitTests/xml/Ampersand.xml")))
        #expect(parsed.encoding?.uppercased() == "ISO-8859-1")
        #expect(parsed.isIllFormed)
        #expect(parsed.feed.entries.count == 20)
        #expect(parsed.feed.title == "bold.dk - Seneste fodboldnyheder  om AC Horsens")
        #expect(parsed.feed.updated == FeedDate.parse("2019-03-15T00:18:06Z"))
    }
}

enum SharedTestDataFolder {
    static var feedKit: URL? {
        get throws { try SharedTestData.folder("feeds/feedkit") }
    }
}

extension FeedKitCorpusTests {
    /// Every prefix of a real feed is hostile input: lenient mode returns a feed or a
    /// `FeedError`, never anything else, and never crashes.
    @Test func truncatedFeedsFailCleanly() throws {
        guard let files = try Corpus.files(in: "feeds/feedkit/FeedKitTests") else { return }
        var recovered = 0
        for file in files {
            let data = try Data(contentsOf: file)
            for fraction in [0.1, 0.33, 0.5, 0.9] {
                let prefix = data.prefix(Int(Double(data.count) * fraction))
                do {
                    _ = try FeedParser(lenient: true).parse(prefix)
                    recovered += 1
                } catch is FeedError {
                    continue
                } catch {
                    Issue.record("\(Corpus.name(file)) cut at \(fraction): \(error)")
                }
            }
        }
        #expect(recovered > 0)
    }
}

extension FeedKitCorpusTests {
    /// Feed sources are read concurrently in a run: parsing from many tasks at once gives
    /// the same results as one at a time.
    @Test func parsingConcurrentlyGivesTheSameFeeds() async throws {
        guard let files = try Corpus.files(in: "feeds/feedkit/FeedKitTests") else { return }
        let documents = try files.map { try Data(contentsOf: $0) }
        let serial = documents.map { try? FeedParser(lenient: true).parse($0).feed }
        let concurrent = await withTaskGroup(of: (Int, Feed?).self) { group in
            for (index, document) in documents.enumerated() {
                group.addTask { (index, try? FeedParser(lenient: true).parse(document).feed) }
            }
            var results = [Feed?](repeating: nil, count: documents.count)
            for await (index, feed) in group { results[index] = feed }
            return results
        }
        #expect(concurrent == serial)
    }
}
