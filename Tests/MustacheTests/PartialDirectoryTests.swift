import Foundation
import Mustache
import TestSupport
import Testing

/// Partials from files: `{{>name}}` reads `DIRECTORY/name.mustache`.
@Suite struct PartialDirectoryTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("mustache-partials")
        try write("header.mustache", "<h1>{{title}}</h1>\n")
        try FileManager.default.createDirectory(at: directory.file("cards"), withIntermediateDirectories: true)
        try write("cards/item.mustache", "<li>{{.}}</li>")
        try write("broken.mustache", "ok\n{{#open}}\n")
    }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.file(path))
    }

    @Test func partialIsReadFromTheDirectory() throws {
        let partials = PartialDirectory(path: directory.url.path)
        let output = try Template(string: "{{>header}}{{#items}}{{>cards/item}}{{/items}}")
            .render(["title": "News", "items": ["a", "b"]], partials: partials)
        #expect(output == "<h1>News</h1>\n<li>a</li><li>b</li>")
    }

    @Test(arguments: ["absent", "../header", "/etc/passwd", "cards"])
    func nameWithNoFileInsideTheDirectoryRendersNothing(name: String) throws {
        let partials = PartialDirectory(path: directory.file("cards").path)
        #expect(try partials.template(named: name) == nil)
    }

    @Test func brokenPartialIsReportedAtItsOwnFile() throws {
        let partials = PartialDirectory(path: directory.url.path)
        let template = try Template(string: "{{>broken}}", name: "page.mustache")
        let expected = TemplateError(
            name: partials.filePath(for: "broken"), line: 2, column: 1, message: "unclosed section 'open'")
        #expect(throws: expected) { try template.render(partials: partials) }
    }

    @Test func fileIsParsedOnceAndKept() throws {
        let partials = PartialDirectory(path: directory.url.path)
        let template = try Template(string: "{{>header}}")
        #expect(try template.render(["title": "A"], partials: partials) == "<h1>A</h1>\n")
        try write("header.mustache", "changed")
        #expect(try template.render(["title": "B"], partials: partials) == "<h1>B</h1>\n")
    }

    @Test func chainTakesTheFirstResolverThatHasTheName() throws {
        let builtIn = try PartialDictionary(sources: ["header": "built-in header", "footer": "built-in footer"])
        let partials = PartialChain([PartialDirectory(path: directory.url.path), builtIn])
        let output = try Template(string: "{{>header}}|{{>footer}}|{{>none}}").render(
            ["title": "T"], partials: partials)
        #expect(output == "<h1>T</h1>\n|built-in footer|")
    }

    @Test func filePathJoinsDirectoryNameAndExtension() {
        #expect(PartialDirectory(path: "Templates").filePath(for: "page") == "Templates/page.mustache")
        #expect(PartialDirectory(path: "Templates/").filePath(for: "a/b") == "Templates/a/b.mustache")
    }

    @Test func templateFileIsNamedByItsPathInErrors() throws {
        try write("page.mustache", "line\n  {{/stray}}")
        let path = directory.file("page.mustache").path
        #expect(
            throws: TemplateError(name: path, line: 2, column: 3, message: "closing tag 'stray' has no open section")
        ) {
            try Template(contentsOfFile: path)
        }
    }
}
