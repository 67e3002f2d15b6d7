import Foundation
import Testing
import TrawlHTML

/// cssselect's own cases (scrapy/cssselect tests/test_cssselect.py), the suite parsel relies on.
@Suite struct CSSSelectConformanceTests {
    struct IDCase: Decodable, CustomTestStringConvertible, Sendable {
        let line: Int
        let selector: String
        let equivalent_selectors: [String]
        let html_only: Bool
        let expected_ids: [String]
        var testDescription: String { "line \(line): \(selector)" }
    }

    struct CountCase: Decodable, CustomTestStringConvertible, Sendable {
        let line: Int
        let selector: String
        let expected_count: Int
        var testDescription: String { "line \(line): \(selector)" }
    }

    struct Suite<Case: Decodable>: Decodable {
        let cases: [Case]
    }

    static let idCases = PeerSuite.load(Suite<IDCase>.self, "cssselect/cssselect-ids-cases.json")?.cases ?? []
    static let countCases =
        PeerSuite.load(Suite<CountCase>.self, "cssselect/cssselect-shakespeare-counts.json")?.cases ?? []

    /// cssselect's definitions that predate the HTML Standard's, which Trawl follows instead.
    static let knownDeviations: [String: String] = [
        ":enabled": "cssselect counts links as :enabled; the HTML Standard §4.16.3 means form controls only",
        ":disabled": "cssselect skips hidden inputs; the HTML Standard §4.10.18.5 disables any control with `disabled`",
        "*[lang|=\"en\"]": "this case is for XML documents; in HTML `lang` values match case-insensitively (§4.16.2)",
    ]

    static let idDocument: Document? = {
        guard let markup = try? PeerSuite.text("cssselect/HTML_IDS.html") else { return nil }
        return Document.parseHTML(markup)
    }()

    @Test(arguments: idCases.filter { knownDeviations[$0.selector] == nil })
    func matchesTheExpectedElements(_ testCase: IDCase) throws {
        let document = try #require(Self.idDocument)
        for selector in [testCase.selector] + testCase.equivalent_selectors {
            let actual = PeerSuite.ids(try document.select(selector))
            #expect(actual == testCase.expected_ids, "\(selector)")
        }
    }

    static let shakespeareBody: Node? = {
        guard let markup = try? PeerSuite.text("cssselect/HTML_SHAKESPEARE.html") else { return nil }
        return try? Document.parseHTML(markup).select("body").first
    }()

    @Test(arguments: countCases)
    func countsTheExpectedElementsInShakespeare(_ testCase: CountCase) throws {
        let body = try #require(Self.shakespeareBody)
        let count = try body.select(testCase.selector).count
        #expect(count == testCase.expected_count)
    }

    @Test func theSuitesLoaded() {
        #expect(PeerSuite.loadErrors.isEmpty, "\(PeerSuite.loadErrors)")
    }
}
