import Foundation
import Testing

@testable import TrawlKit

/// Which kept scrapes carry a warning: a field empty or unparsed on more than `warnAt` of
/// the items, and links from a site's root on a local file without `base`.
@Suite struct FieldCoverageTests {
    static func source(_ extra: String) throws -> SourceConfiguration {
        try Fixture.source(
            #"{"id": "blog", "preset": "article-list", "url": "real/publish/edgsgroi-2020-11-index.html", "base": "https://edgsgroi.github.io/"\#(extra)}"#
        )
    }

    @Test func aFieldEmptyOnEveryItemIsAWarningAndAFullOneIsNot() throws {
        // The Foundation theme shows no dates: date is empty on all 4 items; tags are on every one.
        let source = try Self.source("")
        let warnings = FieldCoverage(source: source).warnings(for: try Fixture.scrape(source))
        #expect(
            warnings == [
                "field 'date' is empty on 4 of 4 items: `.metadata .date, .post-date` matches nothing (or only blank text) in them"
            ])
    }

    @Test func theShareIsTheSourcesWarnAtAndAFieldWithADefaultNeverWarns() throws {
        let relaxed = try Self.source(#", "guard": {"warnAt": 1}"#)
        #expect(FieldCoverage(source: relaxed).warnings(for: try Fixture.scrape(relaxed)).isEmpty)
        let defaulted = try Self.source(#", "fields": {"date": {"css": ".date", "default": "2020-11-26"}}"#)
        #expect(FieldCoverage(source: defaulted).warnings(for: try Fixture.scrape(defaulted)).isEmpty)
    }

    @Test func warnAtMustBeAShare() throws {
        #expect(throws: ConfigurationError.self) { try Self.source(#", "guard": {"warnAt": 1.5}"#) }
    }

    @Test func rootRelativeLinksOnALocalFileWarnInsteadOfBecomingFileURLs() throws {
        let source = try Fixture.source(
            #"{"id": "bbc", "preset": "bbc-most-read", "url": "real/bbc/2014-11-news-home.html"}"#)
        let result = try Fixture.scrape(source)
        #expect(result.items.allSatisfy { $0.url?.isFileURL != true })
        #expect(result.rootRelativeLinksOnLocalFile.first == "/news/uk-scotland-glasgow-west-30066472")
        let warnings = FieldCoverage(source: source).warnings(for: result)
        #expect(
            warnings.last?.hasPrefix(
                "10 links are relative to the site's root (e.g. '/news/uk-scotland-glasgow-west-30066472') "
                    + "but the page is a local file") == true)
        #expect(warnings.last?.hasSuffix(#"set "base" to the site's address so they resolve"#) == true)
    }
}
