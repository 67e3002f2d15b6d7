import Foundation
import Testing

@testable import TrawlKit

/// A source id names a folder, a page and a feed: letters, digits, `-` and `_`, checked
/// character by character of Unicode, so nothing invisible hides in one.
@Suite struct ConfigurationSourceIDTests {
    @Test(arguments: [
        ("news\u{200D}feed", "character 5 is invisible (U+200D ZERO WIDTH JOINER)"),
        ("news\u{200C}", "character 5 is invisible (U+200C ZERO WIDTH NON-JOINER)"),
        ("\u{FEFF}news", "character 1 is invisible (U+FEFF ZERO WIDTH NO-BREAK SPACE)"),
        ("news\u{202E}", "character 5 is invisible (U+202E RIGHT-TO-LEFT OVERRIDE)"),
        ("news\u{00AD}", "character 5 is invisible (U+00AD SOFT HYPHEN)"),
        ("new\u{FE0F}s", "character 4 is invisible (U+FE0F VARIATION SELECTOR-16)"),
        ("news\u{2060}", "character 5 is invisible (U+2060 WORD JOINER)"),
        ("a b", "character 2 is a space (U+0020 SPACE)"),
        ("a/b", "character 2 is not allowed here (U+002F SOLIDUS)"),
    ])
    func anIdWithAnInvisibleOrForeignCharacterIsRefusedWithItsPosition(id: String, problem: String) throws {
        let message = try #require(SourceConfiguration.idProblem(id))
        #expect(message.hasSuffix(problem), "\(message)")
        #expect(message.contains("must be letters, digits, '-' or '_' (it names folders and URLs)"))
    }

    @Test(arguments: ["noaa-atlantic", "bbc_most_read", "café", "cafe\u{301}", "новости", "ニュース", "हिन्दी", "2026"])
    func lettersAndDigitsOfAnyScriptAreAccepted(id: String) {
        #expect(SourceConfiguration.idProblem(id) == nil)
    }

    @Test func theProblemIsReportedAtTheIdsKey() throws {
        let json =
            #"{"sources": [{"id": "a\#u{200D}b", "kind": "list", "url": "a.html", "items": "li", "fields": {"title": "h2"}}]}"#
        do {
            _ = try ConfigurationLoader.load(
                Data(json.utf8), file: URL(fileURLWithPath: "/srv/trawl.json"), environment: [:])
            Issue.record("loaded")
        } catch let error as ConfigurationError {
            #expect(error.problems.map(\.path) == ["sources[0].id"])
            #expect(error.problems.first?.description.contains("character 2 is invisible") == true)
        }
    }
}
