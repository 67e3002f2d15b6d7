import Mustache
import Testing

/// Behaviour beyond the spec's cases: escaping, reuse, concurrency, indentation.
@Suite struct RenderingTests {
    @Test(arguments: [
        ("a & b", "a &amp; b"),
        ("<script>", "&lt;script&gt;"),
        ("\"quoted\"", "&quot;quoted&quot;"),
        ("it's", "it&#39;s"),
        ("plain ünïcode ✓", "plain ünïcode ✓"),
        ("&", "&amp;"),
        ("", ""),
    ])
    func interpolationEscapesHTML(raw: String, escaped: String) throws {
        #expect(try Template(string: "{{v}}").render(["v": .string(raw)]) == escaped)
        #expect(try Template(string: "{{&v}}").render(["v": .string(raw)]) == raw)
    }

    @Test func templateRendersManyTimesWithDifferentData() throws {
        let template = try Template(string: "<li>{{title}}</li>")
        #expect(try template.render(["title": "One"]) == "<li>One</li>")
        #expect(try template.render(["title": "Two"]) == "<li>Two</li>")
    }

    @Test func templateRendersConcurrently() async throws {
        let template = try Template(string: "{{#items}}{{.}},{{/items}}")
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask { try template.render(["items": .list([.int(index), .int(index + 1)])]) }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(outputs.count == 8)
        #expect(outputs.contains("3,4,"))
    }

    @Test func missingPartialRendersAsNothing() throws {
        #expect(try Template(string: "[{{>nowhere}}]").render() == "[]")
    }

    @Test func partialThatIncludesItselfForeverStopsWithAnError() throws {
        let partials = try PartialDictionary(sources: ["loop": "x{{>loop}}"])
        let template = try Template(string: "{{>loop}}", name: "page.mustache")
        #expect {
            try template.render(partials: partials)
        } throws: { error in
            (error as? TemplateError)?.message.contains("nested deeper than") == true
        }
    }

    @Test func nestedStandalonePartialsAddTheirIndentation() throws {
        let partials = try PartialDictionary(sources: [
            "list": "<ul>\n  {{>item}}\n</ul>\n",
            "item": "<li>\n  x\n</li>\n",
        ])
        let output = try Template(string: "<body>\n  {{>list}}\n</body>\n").render(partials: partials)
        #expect(output == "<body>\n  <ul>\n    <li>\n      x\n    </li>\n  </ul>\n</body>\n")
    }

    @Test func emptyLinesInAnIndentedPartialStayEmpty() throws {
        let partials = try PartialDictionary(sources: ["p": "a\n\nb\n"])
        #expect(try Template(string: "  {{>p}}").render(partials: partials) == "  a\n\n  b\n")
    }

    @Test func layoutBlockOnItsOwnLinesTakesTheOverrideReindented() throws {
        let partials = try PartialDictionary(sources: [
            "layout": "<title>{{$title}}Trawl{{/title}}</title>\n<main>\n  {{$content}}\n  {{/content}}\n</main>\n"
        ])
        let page = try Template(
            string: """
                {{<layout}}
                {{$title}}{{name}} — Trawl{{/title}}
                {{$content}}
                {{#items}}
                <p>{{.}}</p>
                {{/items}}
                {{/content}}
                {{/layout}}

                """)
        let output = try page.render(["name": "News", "items": ["a", "b"]], partials: partials)
        #expect(output == "<title>News — Trawl</title>\n<main>\n  <p>a</p>\n  <p>b</p>\n</main>\n")
    }

    @Test func dynamicPartialNameFromDataPicksTheTemplate() throws {
        let partials = try PartialDictionary(sources: ["text": "T:{{content}}", "image": "I:{{url}}"])
        let template = try Template(string: "{{#items}}{{>*kind}};{{/items}}")
        let data: MustacheValue = [
            "items": [["kind": "text", "content": "hi"], ["kind": "image", "url": "a.png"], ["kind": "none"]]
        ]
        #expect(try template.render(data, partials: partials) == "T:hi;I:a.png;;")
    }

    @Test func dynamicParentNameFromDataPicksTheLayout() throws {
        let partials = try PartialDictionary(sources: [
            "wide": "W[{{$body}}{{/body}}]", "narrow": "N[{{$body}}{{/body}}]",
        ])
        let template = try Template(string: "{{<*layout}}{{$body}}x{{/body}}{{/*layout}}")
        #expect(try template.render(["layout": "narrow"], partials: partials) == "N[x]")
        #expect(try template.render(["layout": "wide"], partials: partials) == "W[x]")
    }
}
