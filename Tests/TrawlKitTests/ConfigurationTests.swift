import Foundation
import Testing

@testable import TrawlKit

/// Reading `trawl.json`: what it means, and the exact words of every mistake it reports.
@Suite struct ConfigurationTests {
    static let file = URL(fileURLWithPath: "/srv/trawl/site/trawl.json")

    func load(_ json: String, environment: [String: String] = [:]) throws -> Configuration {
        try ConfigurationLoader.load(Data(json.utf8), file: Self.file, environment: environment)
    }

    /// Every line the error prints, or an empty list when the file loads.
    func errorLines(_ json: String, environment: [String: String] = [:]) -> [String] {
        do {
            _ = try load(json, environment: environment)
            return []
        } catch {
            return "\(error)".components(separatedBy: "\n")
        }
    }

    /// The problems without file and position, for tables of cases.
    func problems(_ json: String) -> [String] {
        do {
            _ = try load(json)
            return []
        } catch let error as ConfigurationError {
            return error.problems.map(\.description)
        } catch {
            return ["not a ConfigurationError: \(error)"]
        }
    }

    /// A one-line file holding one list source with `extra` members after the usual ones.
    static func listSource(_ extra: String = "", fields: String = #"{"title": "h2"}"#) -> String {
        #"{"sources": [{"id": "a", "kind": "list", "url": "a.html", "items": "li", "fields": \#(fields)\#(extra)}]}"#
    }

    // MARK: - Positions and suggestions

    @Test func anUnknownKeyIsReportedAtItsValueWithTheKeyItProbablyMeant() {
        let json = """
            {
              "sources": [
                {"id": "a", "kind": "list", "url": "a.html", "itmes": ".post", "fields": {"title": "h2"}}
              ]
            }
            """
        #expect(
            errorLines(json) == [
                "/srv/trawl/site/trawl.json:3:59: sources[0].itmes: unknown key 'itmes' (did you mean 'items'?)",
                "/srv/trawl/site/trawl.json:3:5: sources[0].items: missing: the CSS selector of one item",
            ])
    }

    @Test(arguments: [
        (#"{"sitee": {}, "sources": []}"#, "sitee: unknown key 'sitee' (did you mean 'site'?)"),
        (#"{"site": {"titel": "T"}, "sources": []}"#, "site.titel: unknown key 'titel' (did you mean 'title'?)"),
        (
            #"{"fetch": {"useragent": "T"}, "sources": []}"#,
            "fetch.useragent: unknown key 'useragent' (did you mean 'userAgent'?)"
        ),
        (
            listSource(fields: #"{"title": {"css": "h2", "tpye": "int"}}"#),
            "sources[0].fields.title.tpye: unknown key 'tpye' (did you mean 'type'?)"
        ),
        (
            listSource(#", "guard": {"maxloss": 1}"#),
            "sources[0].guard.maxloss: unknown key 'maxloss' (did you mean 'maxLoss'?)"
        ),
        (#"{"colour": "red", "sources": []}"#, "colour: unknown key 'colour'"),
    ])
    func unknownKeysAreNamedWithASuggestionWhenOneIsClose(json: String, message: String) {
        #expect(problems(json) == [message])
    }

    @Test func aSyntaxErrorGivesItsLineAndColumn() {
        let json = """
            {
              "sources": [
                {"id": "a",}
              ]
            }
            """
        #expect(
            errorLines(json) == ["/srv/trawl/site/trawl.json:3:16: not valid JSON: expected a key in double quotes"])
    }

    @Test(arguments: [
        ("{\n  \"sources\": [\n", "/srv/trawl/site/trawl.json:3:1: not valid JSON: unexpected end of file"),
        (
            "{\"sources\": []} []",
            "/srv/trawl/site/trawl.json:1:17: not valid JSON: unexpected text after the end of the document"
        ),
        (
            "{\"site\": {\"title\": \"two\nlines\"}}",
            "/srv/trawl/site/trawl.json:1:24: not valid JSON: line break inside a string (write \\n)"
        ),
        ("{\"feed\": {\"maxEntries\": 01}}", "/srv/trawl/site/trawl.json:1:25: not valid JSON: '01' is not a number"),
    ])
    func malformedJSONIsReportedWhereItStops(json: String, line: String) {
        #expect(errorLines(json) == [line])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let json = """
            {
              "site": {"title": 7},
              "sources": [
                {"id": "a b", "kind": "lists", "url": "a.html"}
              ]
            }
            """
        #expect(
            errorLines(json) == [
                "/srv/trawl/site/trawl.json:2:21: site.title: expected a string, found a number",
                "/srv/trawl/site/trawl.json:4:12: sources[0].id: 'a b' must be letters, digits, '-' or '_' (it names folders and URLs): character 2 is a space (U+0020 SPACE)",
                "/srv/trawl/site/trawl.json:4:27: sources[0].kind: 'lists' is not one of list, table, feed, status, json, page (did you mean 'list'?)",
            ])
    }

    // MARK: - Types

    @Test(arguments: [
        (listSource(#", "maxPages": "3""#), "sources[0].maxPages: expected a whole number, found a string"),
        (listSource(#", "maxPages": 2.5"#), "sources[0].maxPages: expected a whole number, found 2.5"),
        (listSource(#", "ignoreChanges": 3"#), "sources[0].ignoreChanges: expected a list of strings, found a number"),
        (listSource(#", "required": ["title", 2]"#), "sources[0].required[1]: expected a string, found a number"),
        (
            listSource(#", "guard": {"allowEmpty": "yes"}"#),
            "sources[0].guard.allowEmpty: expected true or false, found a string"
        ),
        (listSource(#", "guard": {"maxLoss": "half"}"#), "sources[0].guard.maxLoss: expected a number, found a string"),
        (listSource(#", "guard": true"#), "sources[0].guard: expected an object, found a boolean"),
        (
            listSource(fields: #"{"title": {"css": "h2", "type": "integer"}}"#),
            "sources[0].fields.title.type: 'integer' is not one of string, int, number, bool, date, url (did you mean 'int'?)"
        ),
        (
            listSource(fields: #"{"title": {"css": "h2", "type": "strng"}}"#),
            "sources[0].fields.title.type: 'strng' is not one of string, int, number, bool, date, url (did you mean 'string'?)"
        ),
        (
            listSource(fields: #"{"title": {"css": "h2", "many": 1}}"#),
            "sources[0].fields.title.many: expected true or false, found a number"
        ),
        (listSource(#", "maxPages": 0"#), "sources[0].maxPages: must be 1 or more"),
        (
            listSource(#", "guard": {"maxLoss": 50}"#),
            "sources[0].guard.maxLoss: 50 is not a share from 0 to 1 (0.5 is half)"
        ),
        (
            listSource(#", "guard": {"maxMissingRequired": -0.1}"#),
            "sources[0].guard.maxMissingRequired: -0.1 is not a share from 0 to 1 (0.5 is half)"
        ),
        (#"{"sources": {}}"#, "sources: expected a list, found an object"),
        (#"{"sources": [], "feed": {"maxEntries": null}}"#, "feed.maxEntries: expected a whole number, found null"),
        (#"{"sources": [], "site": {"url": "example.org"}}"#, "site.url: 'example.org' is not an http or https URL"),
        (
            #"{"sources": [{"id": "a", "kind": "feed", "url": "ftp://example.org/feed"}]}"#,
            "sources[0].url: 'ftp://example.org/feed' is not an http, https or file URL"
        ),
        (
            #"{"sources": [{"id": "a", "kind": "feed", "url": "f.xml", "base": "ftp://example.org/news/"}]}"#,
            "sources[0].base: 'ftp://example.org/news/' is not an http, https or file URL"
        ),
    ])
    func aValueOfTheWrongTypeSaysWhatWasExpectedAndWhatWasFound(json: String, message: String) {
        #expect(problems(json) == [message])
    }

    @Test func aProblemInAFieldIsReportedAtTheField() {
        let json = """
            {"sources": [
              {"id": "a", "kind": "list", "url": "a.html", "items": "li",
               "fields": {"title": "h2", "date": {"css": ".date", "type": "day"}}}
            ]}
            """
        #expect(
            errorLines(json) == [
                "/srv/trawl/site/trawl.json:3:63: sources[0].fields.date.type: 'day' is not one of string, int, number, bool, date, url (did you mean 'date'?)"
            ])
    }

    // MARK: - Sources

    @Test func aDuplicateSourceIdNamesTheFirstOne() {
        let json = """
            {
              "sources": [
                {"id": "news", "kind": "list", "url": "a.html", "items": "li", "fields": {"title": "a"}},
                {"id": "news", "kind": "list", "url": "b.html", "items": "li", "fields": {"title": "a"}}
              ]
            }
            """
        #expect(
            errorLines(json) == [
                "/srv/trawl/site/trawl.json:4:12: sources[1].id: duplicate source id 'news' (also sources[0])"
            ])
    }

    @Test(arguments: [
        (#"{}"#, "sources: missing: list the sources to scrape"),
        (#"{"sources": [{"kind": "list", "url": "a.html"}]}"#, "sources[0].id: missing: every source needs an id"),
        (
            #"{"sources": [{"id": "a", "url": "a.html"}]}"#,
            "sources[0].kind: missing: one of list, table, feed, status, json, page (or a preset)"
        ),
        (#"{"sources": [{"id": "a", "kind": "feed"}]}"#, "sources[0].url: missing: the page or feed to fetch"),
        (
            #"{"sources": [{"id": "a", "kind": "table", "url": "a.html"}]}"#,
            "sources[0].header: missing: labels the table's header row contains"
        ),
        (
            #"{"sources": [{"id": "a", "kind": "list", "url": "a.html", "items": "li"}]}"#,
            "sources[0].fields: missing: a list source needs a 'title' field"
        ),
        (
            #"{"sources": [{"id": "a", "kind": "status", "url": "a.html", "items": "tr"}]}"#,
            "sources[0].fields: missing: a status source needs 'label' and 'state' fields"
        ),
    ])
    func aMissingRequiredKeySaysWhatItIsFor(json: String, message: String) {
        #expect(problems(json) == [message])
    }

    @Test func aMissingSourcesListHasNoPositionToReport() {
        #expect(errorLines("{}") == ["/srv/trawl/site/trawl.json: sources: missing: list the sources to scrape"])
    }

    @Test(arguments: [
        (
            listSource(#", "idField": "slug""#),
            "sources[0].idField: 'slug' is not one of the source's fields; its fields: title, url, date, summary"
        ),
        (
            listSource(#", "required": ["title", "author"]"#),
            "sources[0].required[1]: 'author' is not one of the source's fields; its fields: title, url, date, summary"
        ),
        (
            listSource(#", "download": "pdf""#),
            "sources[0].download: 'pdf' is not one of the source's fields; its fields: title, url, date, summary"
        ),
        (
            listSource(fields: #"{"title": {"css": "h2", "replace": {"(": ""}}}"#),
            "sources[0].fields.title.replace.(: '(' is not a valid regular expression"
        ),
        (
            listSource(fields: #"{"title": {"css": "h2", "xpath": "./h2"}}"#),
            "sources[0].fields.title: give either 'css' or 'xpath', not both"
        ),
        (
            listSource(fields: #"{"title": "h2", "date": {"css": "time", "format": "d MMM", "locale": "de AT"}}"#),
            "sources[0].fields.date.locale: 'de AT' is not a language or locale (such as 'de' or 'pt-BR')"
        ),
    ])
    func fieldNamesAndPatternsAreChecked(json: String, message: String) {
        #expect(problems(json) == [message])
    }

    @Test func anUnknownPresetIsReportedWithTheClosestNameAndTheWholeList() {
        let json = #"{"sources": [{"id": "noaa", "preset": "noaa-booklet-chart", "url": "charts.html"}]}"#
        #expect(
            errorLines(json) == [
                "/srv/trawl/site/trawl.json:1:39: sources[0].preset: unknown preset 'noaa-booklet-chart' (did you mean 'noaa-booklet-charts'?); presets: article-list, bbc-most-read, noaa-booklet-charts, podcast"
            ])
    }

    @Test func aSourceKeyNextToAPresetKeepsItsOwnPosition() {
        let json = """
            {"sources": [
              {"id": "noaa", "preset": "noaa-booklet-charts", "url": "charts.html",
               "base": "ftp://charts/"}
            ]}
            """
        #expect(
            errorLines(json) == [
                "/srv/trawl/site/trawl.json:3:12: sources[0].base: 'ftp://charts/' is not an http, https or file URL"
            ])
    }

    // MARK: - Selectors

    @Test(arguments: [
        (listSource(fields: #"{"title": "h2["}"#), "sources[0].fields.title"),
        (listSource(fields: #"{"title": {"css": "h2["}}"#), "sources[0].fields.title.css"),
        (
            #"{"sources": [{"id": "a", "kind": "list", "url": "a.html", "items": "li[", "fields": {"title": "h2"}}]}"#,
            "sources[0].items"
        ),
        (listSource(#", "maxPages": 2, "next": "a[rel=next""#), "sources[0].next"),
    ])
    func aBadSelectorIsReportedAtItsKey(json: String, path: String) throws {
        let error = try #require(throws: ConfigurationError.self) { try load(json) }
        let problem = try #require(error.problems.first)
        #expect(error.problems.count == 1)
        #expect(problem.path == path)
        #expect(problem.message.hasPrefix("bad selector: "))
    }

    @Test(
        .enabled(
            if: Fixture.selectorsHaveHasAndContains, "the full selector engine reports where a selector stops parsing"))
    func aBadSelectorSaysTheColumnWhereItStopsParsing() throws {
        let json =
            #"{"sources": [{"id": "a", "kind": "list", "url": "a.html", "items": "ul > li[", "fields": {"title": "h2"}}]}"#
        let error = try #require(throws: ConfigurationError.self) { try load(json) }
        let problem = try #require(error.problems.first)
        #expect(problem.line == 1)
        #expect(problem.column == 68)
        #expect(problem.message.contains("ul > li["))
        #expect(problem.message.contains("column"))
    }

    @Test func aBadXPathIsReportedAtItsKey() throws {
        let json = Self.listSource(fields: #"{"title": {"xpath": "//h2["}}"#)
        let reported = problems(json)
        #expect(reported.count == 1)
        #expect(
            reported.first?.hasPrefix(#"sources[0].fields.title.xpath: bad XPath: invalid XPath expression "//h2[""#)
                == true)
    }
}
