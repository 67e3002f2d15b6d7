import Foundation
import Testing
import TrawlHTML

@testable import TrawlKit

/// A field's white space is collapsed once: an element's text as it leaves the tree, an
/// attribute's value after the rule's edits, and text again only where an edit cut it.
@Suite struct FieldWhiteSpaceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var html: String
        var rule: FieldRule
        var expected: String
    }

    @Test(arguments: [
        Case(
            testDescription: "an element's text", html: "<div class=\"i\"><b>\n  Gulf\u{A0} of\n\tMaine </b></div>",
            rule: FieldRule(name: "title", locator: .css("b")), expected: "Gulf of Maine"),
        Case(
            testDescription: "an attribute's value",
            html: "<div class=\"i\"><a title=\"  Gulf\n  of\tMaine \">x</a></div>",
            rule: FieldRule(name: "title", locator: .css("a"), attr: "title"), expected: "Gulf of Maine"),
        Case(
            testDescription: "a strip that leaves two spaces", html: "<div class=\"i\"><b>Chart NEW 13260</b></div>",
            rule: FieldRule(name: "title", locator: .css("b"), strip: ["NEW"]), expected: "Chart 13260"),
        Case(
            testDescription: "a replacement that writes a line break", html: "<div class=\"i\"><b>Cape-Sable</b></div>",
            rule: FieldRule(name: "title", locator: .css("b"), replace: [.init(pattern: "-", template: "\n")]),
            expected: "Cape Sable"),
        Case(
            testDescription: "a strip of an attribute's value as written, before collapsing",
            html: "<div class=\"i\"><a title=\"Cape  ::  Sable\">x</a></div>",
            rule: FieldRule(name: "title", locator: .css("a"), attr: "title", strip: ["  ::  "]), expected: "CapeSable"),
    ])
    func fieldTextReadsAsAReaderSeesIt(_ test: Case) throws {
        let url = URL(string: "https://example.org/")!
        let source = SourceConfiguration(id: "t", kind: .list, url: url, items: ".i", fields: [test.rule])
        let result = try PageScraper(source: source).scrape(Document.parseHTML(test.html, url: url))
        #expect(result.items.map(\.title) == [test.expected])
    }
}
