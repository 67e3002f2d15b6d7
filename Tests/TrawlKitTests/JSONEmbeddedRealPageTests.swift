import Foundation
import Testing

@testable import TrawlKit

/// `json` sources reading the JSON-LD of a real saved page (`Fixtures/json/PROVENANCE.md`,
/// "pages/"): its `ItemList` and its recipe's repeated `Review`s, each field checked against
/// what was read off the page by hand.
@Suite struct JSONEmbeddedRealPageTests {
    static let address = "https://www.foodnetwork.com/recipes/dave-lieberman/noodle-kugel-recipe-1946564"

    static func scrape(_ items: String, fields: String) throws -> ScrapeResult {
        let json = """
            {"sources": [{"id": "kugel", "kind": "json", "url": "\(address)",
              "script": "script[type='application/ld+json']", "items": "\(items)", "fields": \(fields)}]}
            """
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"))
        let configured = try #require(configuration.sources.first)
        let page = URL(string: address)!
        let body = try Data(contentsOf: Fixture.url("json/pages/foodnetwork-noodle-kugel.html"))
        return try PageScraper(source: configured).scrape(
            FetchedPage(requestedURL: page, url: page, body: body, contentType: "text/html; charset=utf-8"))
    }

    /// The page's one JSON-LD script is an array: a Recipe, a BreadcrumbList and an ItemList
    /// of the site's 18 sections; only the ItemList's elements are items.
    @Test func anItemListGivesItsElementsInOrder() throws {
        let result = try Self.scrape(
            "$[?@['@type'] == 'ItemList'].itemListElement[*]",
            fields: #"{"title": "$.name", "url": "$.url", "position": "$.position"}"#)
        #expect(result.items.count == 18)
        #expect(result.warnings.isEmpty)
        let first = try #require(result.items.first)
        #expect(first.title == "Recipes")
        #expect(first.url?.absoluteString == "https://www.foodnetwork.com/recipes")
        #expect(first[field: "position"] == .int(1))
        #expect(result.items[7].title == "TV Schedule")
        #expect(result.items[7].url?.absoluteString == "https://www.foodnetwork.com/shows/tv-schedule")
        let last = try #require(result.items.last)
        #expect(last.title == "The Great Food Truck Race")
        #expect(last.url?.absoluteString == "https://www.foodnetwork.com/shows/the-great-food-truck-race")
        #expect(last[field: "position"] == .int(18))
        // The breadcrumb's "Home" is a ListItem of another list, not an element of this one.
        #expect(!result.items.contains { $0.title == "Home" })
    }

    /// The recipe's reviews, newest first as the page lists them apart from the first; a
    /// review without a rating has none, not a zero.
    @Test func aRecipesRepeatedReviewsAreItems() throws {
        let result = try Self.scrape(
            "$[?@['@type'] == 'Recipe'].review[*]",
            fields: #"""
                {"title": "$.reviewBody", "author": "$.author.name",
                 "rating": "$.reviewRating.ratingValue", "date": "$.datePublished"}
                """#)
        #expect(result.items.count == 10)
        #expect(
            result.items.map { $0[field: "author"] }
                == [
                    "Anonymous", "suzn_s", "Anonymous", "Anonymous", "Amy G.", "out2lunch", "Anonymous", "Julie B.",
                    "Victoria A. A.", "Rose L.",
                ].map(Value.string))
        let first = try #require(result.items.first)
        #expect(first.title.hasPrefix("Absolutely"))
        #expect(first[field: "rating"] == nil)
        #expect(first.date == Date(timeIntervalSince1970: 1_449_532_800))  // 2015-12-08
        #expect(result.items[1][field: "rating"] == .int(5))
        #expect(result.items[1].date == Date(timeIntervalSince1970: 1_544_054_400))  // 2018-12-06
        #expect(result.items[2][field: "rating"] == .int(4))
        let last = try #require(result.items.last)
        #expect(
            last.title
                == "This is just like my late Jewish Mother-in-law made. Thanks for the recipe! I wouldn't change a thing."
        )
        #expect(last.date == Date(timeIntervalSince1970: 1_421_452_800))  // 2015-01-17
    }
}
