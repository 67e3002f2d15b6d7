import Foundation
import Testing

@testable import TrawlKit

/// What a broken layout is told, on real saved BBC News home pages (Fixtures/real): the fix
/// first (the page's lists now), JavaScript only when the last good items' titles are gone
/// from the page's text while it has scripts, and an `--accept` of nothing refused.
@Suite struct GuardAdviceTests {
    static let home2014 =
        #"{"id": "bbc", "preset": "bbc-most-read", "url": "real/bbc/2014-11-news-home.html", "base": "https://www.bbc.co.uk/news/"}"#

    static func lastGood() throws -> Snapshot {
        let source = try Fixture.source(home2014)
        return Snapshot(sourceID: "bbc", takenAt: .now, items: try Fixture.scrape(source).items)
    }

    static func message(_ source: SourceConfiguration, previous: Snapshot?, accepting: Bool = false) throws -> String? {
        let result = try Fixture.scrape(source)
        do {
            try ScrapeGuard(source: source).check(result, previous: previous, accepting: accepting)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aRenamedClassOnAPageFullOfScriptsIsNotBlamedOnJavaScript() throws {
        // The same page, its items' class as a redesign might rename it: the titles are all there.
        var source = try Fixture.source(Self.home2014)
        source.items = "ol.most-read-renamed li"
        let message = try #require(try Self.message(source, previous: try Self.lastGood()))
        #expect(message.hasPrefix("layout may have changed: 0 items matched `ol.most-read-renamed li` on file://"))
        #expect(!message.contains("JavaScript"), "\(message)")
    }

    @Test func aListBuiltByJavaScriptIsWhenTheLastGoodTitlesAreGone() throws {
        let source = try Fixture.source(
            #"{"id": "bbc", "preset": "bbc-most-read", "url": "real/bbc/2017-03-news-home-javascript.html"}"#)
        let message = try #require(try Self.message(source, previous: try Self.lastGood()))
        #expect(message.contains("may be built by JavaScript"), "\(message)")
    }

    @Test func acceptingNoItemsIsRefusedUnlessTheSourceAllowsIt() throws {
        var source = try Fixture.source(Self.home2014)
        source.items = "ol.most-read-renamed li"
        let message = try #require(try Self.message(source, previous: try Self.lastGood(), accepting: true))
        #expect(message.contains("a page's new shape with no items is not taken and would remove all 10 items"))
        #expect(message.contains(#""guard": {"allowEmpty": true}"#))
        source.guardrail.allowEmpty = true
        #expect(try Self.message(source, previous: try Self.lastGood(), accepting: true) == nil)
    }

    @Test func acceptingKeepsWhatALostHalfWouldHaveRefused() throws {
        var source = try Fixture.source(Self.home2014)
        source.items = "h3.tab:contains('Read') + .panel ol > li:first-child"
        var previous = try Self.lastGood()
        previous.items += previous.items.map {
            var copy = $0; copy.id += "-2"; return copy
        }
        #expect(try Self.message(source, previous: previous) != nil)
        #expect(try Self.message(source, previous: previous, accepting: true) == nil)
    }

    @Test func theAdviceLeadsWithThePagesListsThenAccepting() {
        let saved =
            "layout may have changed: 3 items where the last good run had 40 (`ul.posts > li` on https://blog.example/)"
            + " (last good snapshot kept)"
        let advised = AcceptHint.adding(to: saved, isGuard: true, sourceID: "blog")
        #expect(
            advised
                == "layout may have changed: 3 items where the last good run had 40 (`ul.posts > li` on "
                + "https://blog.example/) (last good snapshot kept; the page's lists now: 'trawl init --from "
                + "https://blog.example/ --list'; if the page really changed, '--accept blog' takes its new shape)")
        let refused = #"… on https://blog.example/: … set "guard": {"allowEmpty": true} if … (last good snapshot kept)"#
        #expect(!AcceptHint.adding(to: refused, isGuard: true, sourceID: "blog").contains("--accept"))
        // `--accept` takes no page of no items: a page that matched nothing is mended, or
        // allowed to be empty.
        let empty =
            "layout may have changed: 0 items matched `ul.posts > li` on https://blog.example/ (last good snapshot kept)"
        #expect(
            AcceptHint.adding(to: empty, isGuard: true, sourceID: "blog")
                == "layout may have changed: 0 items matched `ul.posts > li` on https://blog.example/ (last good "
                + "snapshot kept; the page's lists now: 'trawl init --from https://blog.example/ --list'; if the page "
                + "is empty by nature, set \"guard\": {\"allowEmpty\": true})")
    }
}
