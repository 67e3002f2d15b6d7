import Mustache
import Testing

/// A malformed template is refused with its name, line and column, and a message a
/// person can act on.
@Suite struct TemplateErrorTests {
    @Test(arguments: [
        ("<ul>\n{{#items}}\n  <li>{{title}}</li>\n", "Templates/page.mustache:2:1: unclosed section 'items'"),
        ("{{^empty}}\n", "Templates/page.mustache:1:1: unclosed inverted section 'empty'"),
        ("{{<layout}}{{$body}}x{{/body}}", "Templates/page.mustache:1:1: unclosed parent 'layout'"),
        (
            "x\n    {{#a}}{{#b}}{{/a}}{{/b}}",
            "Templates/page.mustache:2:17: closing tag 'a' does not match the open section 'b' (line 2, column 11)"
        ),
        ("Hi\n{{/items}}", "Templates/page.mustache:2:1: closing tag 'items' has no open section"),
        ("ok {{name", "Templates/page.mustache:1:4: unclosed tag: no '}}' after it"),
        ("{{{name}}", "Templates/page.mustache:1:1: unclosed tag: no '}}}' after it"),
        ("a\nb {{}}", "Templates/page.mustache:2:3: empty tag: a name is needed between the delimiters"),
        ("{{first name}}", "Templates/page.mustache:1:1: tag name 'first name' contains whitespace"),
        (
            "{{=<%=}}",
            "Templates/page.mustache:1:1: bad Set Delimiter tag '=<%=': give two delimiters without '=', such as {{=<% %>=}}"
        ),
        ("{{=<% %>=}}\n<%#a%>\n", "Templates/page.mustache:2:1: unclosed section 'a'"),
        ("{{! a\nlong comment }}\n  é {{#x}}", "Templates/page.mustache:3:5: unclosed section 'x'"),
    ])
    func malformedTemplateIsReportedWhereItGoesWrong(source: String, expected: String) {
        #expect {
            _ = try Template(string: source, name: "Templates/page.mustache")
        } throws: { error in
            (error as? TemplateError)?.description == expected
        }
    }

    @Test func errorCarriesItsPartsApart() throws {
        let error = try #require(throws: TemplateError.self) {
            try Template(string: "\n\n    {{#items}}", name: "page.mustache")
        }
        #expect(error.name == "page.mustache")
        #expect(error.line == 3)
        #expect(error.column == 5)
        #expect(error.message == "unclosed section 'items'")
    }

    @Test func columnOnALongLineCountsFromTheLineStart() {
        let source = "x\n" + String(repeating: "é{{a}}", count: 2_000) + "{{/b}}"
        #expect(
            throws: TemplateError(name: "t", line: 2, column: 12_001, message: "closing tag 'b' has no open section")
        ) {
            try Template(string: source, name: "t")
        }
    }

    @Test func sectionsNestedBeyondTheLimitAreRefused() {
        let source = String(repeating: "{{#a}}", count: 300) + String(repeating: "{{/a}}", count: 300)
        #expect(throws: TemplateError.self) { try Template(string: source) }
    }

    @Test func sectionsNestedWithinTheLimitRender() throws {
        let source = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        #expect(try Template(string: source).render(["a": true]) == "x")
    }

    /// Scraps of Mustache shuffled at random (with a fixed seed) either render or are
    /// refused with a `TemplateError`; nothing crashes.
    @Test func shuffledTemplatesRenderOrFailWithATemplateError() throws {
        let pieces = [
            "{{", "}}", "{{{", "}}}", "{{#a}}", "{{/a}}", "{{^b}}", "{{/b}}", "{{>p}}", "{{<p}}", "{{/p}}",
            "{{$x}}", "{{/x}}", "{{=| |=}}", "|a|", "{{!c}}", "{{.}}", "{{a.b}}", "{{>*d}}", "\n", "  ", "é", "=",
        ]
        let partials = try PartialDictionary(sources: ["p": "{{$x}}p{{/x}}{{#a}}{{>p}}{{/a}}", "q": "{{a}}"])
        let data: MustacheValue = ["a": [["b": true], ["b": false]], "d": "q"]
        var seed: UInt64 = 42
        var (rendered, refused) = (0, 0)
        for _ in 0..<2_000 {
            var source = ""
            for _ in 0..<12 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                source += pieces[Int(seed >> 33) % pieces.count]
            }
            do {
                _ = try Template(string: source).render(data, partials: partials)
                rendered += 1
            } catch is TemplateError {
                refused += 1
            }
        }
        #expect(rendered > 100)
        #expect(refused > 100)
    }
}
