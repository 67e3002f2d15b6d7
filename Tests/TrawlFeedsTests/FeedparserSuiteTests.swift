import Foundation
import Testing
import TrawlFeeds

/// feedparser's own test feeds (../shared/testdata/feeds/feedparser): every well-formed
/// one must parse, and the share of its `Expect:` expressions that hold must not fall.
@Suite struct FeedparserSuiteTests {
    /// How many `Expect:` expressions held when this floor was last raised (see docs/FEEDS.md).
    static let expectationFloor = 514

    @Test func everyWellFormedFeedParsesStrictly() throws {
        guard let files = try Corpus.files(in: "feeds/feedparser/wellformed") else { return }
        #expect(files.count > 500)
        for file in files {
            let data = try Data(contentsOf: file)
            do {
                let parsed = try FeedParser().parse(data)
                #expect(!parsed.isIllFormed, "\(Corpus.name(file))")
            } catch {
                Issue.record("\(Corpus.name(file)): \(error)")
            }
        }
    }

    @Test func illFormedFeedsAreRecoveredAndFlaggedInLenientMode() throws {
        guard let files = try Corpus.files(in: "feeds/feedparser/illformed") else { return }
        for file in files {
            let data = try Data(contentsOf: file)
            guard let expectation = Corpus.expectation(in: data), expectation.hasPrefix("bozo") else { continue }
            do {
                let parsed = try FeedParser(lenient: true).parse(data)
                #expect(parsed.isIllFormed, "\(Corpus.name(file)) should be flagged ill-formed")
            } catch let error as FeedError where [.notAFeed, .empty, .malformed].contains(error.code) {
                // Nothing left to recover (no root element): an error is the honest answer.
            } catch {
                Issue.record("\(Corpus.name(file)): \(error)")
            }
        }
    }

    @Test func expectationsHoldAtOrAboveTheRecordedFloor() throws {
        guard let files = try Corpus.files(in: "feeds/feedparser/wellformed") else { return }
        var held = 0, total = 0
        var failures: [String] = []
        for file in files {
            let data = try Data(contentsOf: file)
            guard let expectation = Corpus.expectation(in: data) else { continue }
            total += 1
            guard let parsed = try? FeedParser(lenient: true).parse(data) else {
                failures.append("\(Corpus.name(file)): does not parse")
                continue
            }
            do {
                if try PythonExpression.evaluate(expectation, in: FeedparserView.scope(of: parsed)) {
                    held += 1
                } else {
                    failures.append("\(Corpus.name(file)): false: \(expectation)")
                }
            } catch {
                failures.append("\(Corpus.name(file)): \(error): \(expectation)")
            }
        }
        if ProcessInfo.processInfo.environment["TRAWL_FEEDPARSER_REPORT"] != nil {
            print(failures.joined(separator: "\n"))
        }
        print("feedparser Expect: \(held) of \(total) hold")
        #expect(
            held >= Self.expectationFloor,
            "feedparser expectations: \(held) of \(total) hold, floor \(Self.expectationFloor)")
    }
}
