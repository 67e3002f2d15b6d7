import Foundation
import Testing

@testable import TrawlKit

/// `"detail"` as the configuration gives it, and its mistakes named by place and key.
@Suite struct ConfigurationDetailTests {
    func load(_ detail: String, kind: String = "list") throws -> Configuration {
        let extra = kind == "table" ? #", "header": ["Name"]"# : kind == "status" ? "" : ""
        let fields =
            kind == "status"
            ? #"{"label": "td", "state": "td"}"# : #"{"title": "a", "url": "a::attr(href)"}"#
        let json = """
            {"sources": [{"id": "news", "kind": "\(kind)", "url": "https://example.org/", "items": "li",
              "fields": \(fields)\(extra), "detail": \(detail)}]}
            """
        return try ConfigurationLoader.load(Data(json.utf8), file: URL(fileURLWithPath: "/srv/trawl/trawl.json"))
    }

    func problem(_ detail: String, kind: String = "list") -> String {
        do {
            _ = try load(detail, kind: kind)
            return "no problem"
        } catch {
            return "\(error)"
        }
    }

    @Test func everyKeyReachesTheSettings() throws {
        let detail = try #require(
            try load(
                #"{"article": "excerpt", "fields": {"price": ".price", "published": {"css": "time::attr(datetime)", "type": "date"}}, "maxPerRun": 7}"#
            )
            .sources[0].detail)
        #expect(detail.article == .excerpt)
        #expect(detail.fields.map(\.name) == ["price", "published"])
        #expect(detail.fields[1].type == .date)
        #expect(detail.fields[1].locator == .css("time::attr(datetime)"))
        #expect(detail.maxPerRun == 7)
    }

    @Test(arguments: [
        (#"{"article": true}"#, DetailSettings.ArticleMode.full),
        (#"{"article": false, "fields": {"price": ".price"}}"#, .none),
        (#"{}"#, .full),
        (#"{"fields": {"price": ".price"}}"#, .none),
    ])
    func theArticleIsReadUnlessOnlyFieldsAreAskedFor(detail: String, mode: DetailSettings.ArticleMode) throws {
        #expect(try load(detail).sources[0].detail?.article == mode)
        #expect(try load(detail).sources[0].detail?.maxPerRun == DetailSettings.defaultMaxPerRun)
    }

    @Test(arguments: [
        (#"{"article": "full"}"#, "sources[0].detail.article: expected true, false or \"excerpt\""),
        (#"{"maxPerRun": 0}"#, "sources[0].detail.maxPerRun: must be 1 or more"),
        (#"{"fields": {"url": "a"}}"#, "sources[0].detail.fields.url: an item's page cannot change its 'url'"),
        (#"{"fields": {"price": "p["}}"#, "sources[0].detail.fields.price: bad selector"),
        (#"{"artcle": true}"#, "sources[0].detail.artcle: unknown key 'artcle' (did you mean 'article'?)"),
        (#"{"article": false}"#, "sources[0].detail: reads nothing"),
    ])
    func mistakesAreNamedByTheirKey(detail: String, message: String) {
        #expect(problem(detail).contains(message), "\(problem(detail))")
    }

    @Test func aStatusSourceHasNoItemPagesToRead() {
        #expect(problem(#"{"article": true}"#, kind: "status").contains("sources[0].detail: a status source's rows"))
    }
}
