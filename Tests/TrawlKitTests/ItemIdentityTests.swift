import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Where an item's id comes from (`idField`), on real saved API responses
/// (`Fixtures/json/PROVENANCE.md`): records without it are told of with their count, a
/// list of fields makes one id of several, and repeated ids stay a warning in `status`.
@Suite struct ItemIdentityTests {
    /// GitHub's releases of Hyper: three of the eleven (1.2.1, 1.2.0, 1.1.0) have an empty name.
    static let releases = #"""
        {"id": "hyper", "kind": "json", "url": "https://api.github.com/repos/zeit/hyper/releases", "items": "$[*]",
         "idField": "release", "fields": {"title": "$.tag_name", "release": "$.name"}}
        """#

    @Test func recordsWithoutTheirIdFieldAreAWarningWithTheCount() throws {
        let result = try JSONRealDocumentTests.scrape(
            "github-releases-hyper.json", url: "https://api.github.com/repos/zeit/hyper/releases", Self.releases)
        #expect(result.items.map(\.title) == ["1.3.1", "1.3.0", "1.0.1", "1.0.0", "0.8.3", "0.8.2", "0.8.1", "0.8.0"])
        #expect(result.missingID == 3)
        let source = try Fixture.source(Self.releases)
        #expect(
            FieldCoverage(source: source).warnings(for: result) == [
                "3 of 11 items were left out: they have no 'release' (the source's idField, which gives each item"
                    + " its id); set idField to fields every item has"
            ])
    }

    @Test func trySaysHowManyRecordsHadNoId() async throws {
        let directory = try TemporaryDirectory("trawl-identity")
        let file = directory.file("releases.json")
        try Data(contentsOf: Fixture.url("json/github-releases-hyper.json")).write(to: file)
        let source = try Fixture.source(
            Self.releases.replacingOccurrences(
                of: "https://api.github.com/repos/zeit/hyper/releases", with: file.absoluteString))
        let trial = await TryCommand.attempt(source, fetcher: Fetcher(settings: .testing()), previous: nil)
        #expect(trial.error == nil)
        #expect(trial.items.count == 8)
        #expect(trial.warnings.contains { $0.hasPrefix("3 of 11 items were left out: they have no 'release'") })
    }

    /// Reddit's listing, known by author and domain: each part in the id, in order.
    static let reddit = #"""
        {"id": "ng", "kind": "json", "url": "https://www.reddit.com/r/angularjs/.json",
         "items": "$.data.children[*].data", "idField": ["author", "domain"],
         "fields": {"title": "$.title", "author": "$.author", "domain": "$.domain"}}
        """#

    @Test func aListOfFieldsMakesOneIdOfThemAll() throws {
        let result = try JSONRealDocumentTests.scrape(
            "reddit-angularjs.json", url: "https://www.reddit.com/r/angularjs/.json", Self.reddit)
        #expect(result.items.count == 19)
        #expect(
            result.items.prefix(3).map(\.id) == [
                "Johnnycube | self.angularjs", "btford | github.com", "somebodyincog | youtube.com",
            ])
        let source = try Fixture.source(Self.reddit)
        #expect(source.idFields == ["author", "domain"])
        var single = source
        single.idFields = ["author"]
        #expect(single.fingerprint != source.fingerprint)
    }

    @Test func anUnknownFieldInACompositeIdIsNamedByItsPlace() throws {
        let json = Self.reddit.replacingOccurrences(of: #"["author", "domain"]"#, with: #"["author", "site"]"#)
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(
                Data(#"{"sources": [\#(json)]}"#.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"))
        }
        #expect(
            error.problems.map(\.description) == [
                "sources[0].idField[1]: 'site' is not one of the source's fields (did you mean 'date'?);"
                    + " its fields: title, author, domain, url, date, summary"
            ])
    }

    @Test func anEmptyListOfIdFieldsIsAProblem() throws {
        let json = Self.reddit.replacingOccurrences(of: #"["author", "domain"]"#, with: "[]")
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(
                Data(#"{"sources": [\#(json)]}"#.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"))
        }
        #expect(
            error.problems.map(\.description) == ["sources[0].idField: name at least one field (or leave idField out)"])
    }

    /// One of the listing's nineteen posts repeats an author and domain (btford's second
    /// Google+ link): the run says so, and `status` keeps saying so.
    @Test func repeatedIdsStayAWarningInStatusAfterTheRun() async throws {
        let directory = try TemporaryDirectory("trawl-identity")
        let file = directory.file("listing.json")
        try Data(contentsOf: Fixture.url("json/reddit-angularjs.json")).write(to: file)
        let json = Self.reddit.replacingOccurrences(
            of: "https://www.reddit.com/r/angularjs/.json", with: "listing.json")
        let configuration = try ConfigurationLoader.load(
            Data(#"{"sources": [\#(json)]}"#.utf8), file: directory.file("trawl.json"))
        let record = try await Pipeline(
            configuration: configuration, clock: .fixed(Date(timeIntervalSince1970: 1_796_011_200))
        )
        .scrape()
        let warnings = try #require(record.outcomes.first?.warnings)
        #expect(warnings.count == 1)
        #expect(warnings[0].hasPrefix("1 of 19 items were dropped: they repeat the id 'btford | plus.google.com'"))
        let status = CapturingConsole()
        _ = try StatusCommand.report(
            store: CacheStore(root: configuration.cacheDirectory, access: .readOnly), json: false, now: .now,
            console: status.console)
        #expect(status.output.contains("warning: [ng] 1 of 19 items were dropped: they repeat the id"))
    }
}
