import Foundation
import Testing
import TrawlHTML

/// soupsieve's cases (facelessuser/soupsieve tests/): selectors, markup and expected ids,
/// and selectors that must be rejected.
@Suite struct SoupsieveConformanceTests {
    struct MatchCase: Decodable, CustomTestStringConvertible, Sendable {
        let file: String
        let line: Int
        let selector: String
        let expected_ids: [String]
        let mode: String
        let markup: String
        let namespaces: [String: String]
        var testDescription: String { "\(file.split(separator: "/").last ?? ""):\(line) \(mode) \(selector)" }
        var feature: String {
            String(file.split(separator: "/").last ?? "").replacingOccurrences(of: "test_", with: "")
                .replacingOccurrences(of: ".py", with: "")
        }
    }

    struct InvalidCase: Decodable, CustomTestStringConvertible, Sendable {
        let file: String
        let line: Int
        let selector: String
        var testDescription: String { "\(file.split(separator: "/").last ?? ""):\(line) \(selector)" }
    }

    struct Cases: Decodable {
        let cases: [MatchCase]
        let invalid: [InvalidCase]
    }

    static let suite = PeerSuite.load(Cases.self, "soupsieve/soupsieve-cases.json")

    /// Features left out, by soupsieve test file, with the reason (docs/SELECTORS.md lists them).
    static let leftOut: [String: String] = [
        "custom": "soupsieve's custom selectors (`:--name`) are its own API, not CSS"
    ]

    /// Cases where Trawl follows the standard (or browsers) and soupsieve does not, by file:line.
    static let deviations: [String: String] = [
        "test_empty.py:27": "Trawl follows Selectors Level 3 and browsers: white space is content, so not :empty",
        "test_defined.py:25":
            "libxml2's HTML parser drops the prefix of <prefix:div-custom>, leaving a custom-element name",
        "test_lang.py:398": "an xml:lang in an XHTML document counts, as XML says (soupsieve ignores it)",
    ]

    /// html5lib and html.parser build other trees than libxml2 from broken markup; lxml's
    /// cases (LXML_HTML) are libxml2's own and run.
    static let parserModes: Set<String> = ["HTML", "LXML_HTML", "XML", "XHTML"]

    static var supportedCases: [MatchCase] {
        (suite?.cases ?? []).filter {
            leftOut[$0.feature] == nil && parserModes.contains($0.mode)
                && deviations["\($0.file.split(separator: "/").last ?? ""):\($0.line)"] == nil
        }
    }

    static func document(for testCase: MatchCase) -> Document {
        switch testCase.mode {
        case "XML", "XHTML":
            return Document.parseXML(testCase.markup.trimmingCharacters(in: .whitespacesAndNewlines))
        default:
            return Document.parseHTML(testCase.markup)
        }
    }

    @Test(arguments: supportedCases)
    func matchesTheExpectedElements(_ testCase: MatchCase) throws {
        let matches = try Self.document(for: testCase).select(testCase.selector, namespaces: testCase.namespaces)
        let actual = matches.compactMap { $0.attr("id") }.sorted()
        #expect(actual == testCase.expected_ids.sorted())
    }

    /// test_custom's invalid cases concern its custom-selector API, not the selector text.
    @Test(arguments: (suite?.invalid ?? []).filter { !$0.file.hasSuffix("test_custom.py") })
    func rejectsTheInvalidSelector(_ testCase: InvalidCase) {
        #expect(throws: SelectorError.self) { try Selector(parsing: testCase.selector) }
    }
}
