import Foundation
import Testing

@testable import TrawlKit

/// Every text colour of the built-in stylesheet meets 4.5:1 and every control border
/// 3:1 against every background it may sit on, in light and dark mode (WCAG 1.4.3, 1.4.11).
@Suite struct SiteContrastTests {
    static var stylesheet: String {
        String(decoding: BuiltInTemplates.files["assets/style.css"] ?? [], as: UTF8.self)
    }

    @Test func theStylesheetMeetsWCAGContrastInBothSchemes() {
        let audit = ContrastAudit(css: Self.stylesheet)
        #expect(audit.schemes.allSatisfy { !$0.colours.isEmpty })
        #expect(audit.textColours.isSuperset(of: ["fg", "muted", "accent", "added", "removed", "changed"]))
        #expect(audit.backgrounds.isSuperset(of: ["bg", "tint", "highlight"]))
        #expect(audit.controlBorders.contains("control"), "the search box and sort buttons have a control border")
        #expect(audit.undefinedColours().isEmpty, "undefined: \(audit.undefinedColours())")
        let failures = audit.failures()
        #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    }

    /// The audit fails on what the site had before: a search box bordered in the
    /// separator grey, 1.41:1 against white.
    @Test func aFaintControlBorderFails() throws {
        let css = """
            :root { --fg: #1d1d1f; --bg: #fff; --line: #d9d9de; }
            body { color: var(--fg); background: var(--bg); }
            .search input { border: 1px solid var(--line); }
            """
        let failures = ContrastAudit(css: css).failures()
        let failure = try #require(failures.first)
        #expect(failures.count == 2)  // light, and dark (which inherits the light colours)
        #expect(failure.foreground == "line" && failure.background == "bg")
        #expect((failure.ratio * 100).rounded() / 100 == 1.41)
    }

    @Test(arguments: [
        ("#000", "#fff", 21.0), ("#767676", "#fff", 4.54), ("#5f6368", "#ffffff", 6.04), ("#fff", "#fff", 1.0),
    ])
    func ratiosMatchWCAGsFormula(_ foreground: String, _ background: String, _ expected: Double) throws {
        let ratio = ContrastAudit.contrast(
            try #require(ContrastAudit.rgb(foreground)), try #require(ContrastAudit.rgb(background)))
        #expect(abs(ratio - expected) < 0.01)
    }

    @Test func grayTextOnADarkBackgroundFails() {
        let css = """
            :root { --muted: #777; --bg: #fff; }
            @media (prefers-color-scheme: dark) { :root { --muted: #555; --bg: #121214; } }
            .meta { color: var(--muted); background: var(--bg); }
            """
        let failures = ContrastAudit(css: css).failures()
        #expect(failures.map(\.scheme) == ["light", "dark"])
    }
}
