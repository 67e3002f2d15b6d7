import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A template prints a field by its name alone (`{{fields.duration}}`), in words, while
/// its members (`.raw`, `.href`) and sections on it keep working.
@Suite struct SiteFieldTextTests {
    @Test func aPodcastTemplatePrintsFieldsByNameInWords() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        var episode = SiteFixture.episode(2, "Second")
        episode.fields += [.init("duration", .int(3001)), .init("note", .string("Q&A <live>"))]
        try fixture.store.save(Snapshot(sourceID: "podcast", takenAt: SiteFixture.night, items: [episode]))
        let templates = fixture.directory.file("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try """
        {{#groups}}{{#items}}<{{fields.duration}}|{{fields.duration.raw}}|{{fields.enclosureLength}}|\
        {{fields.note}}|{{{fields.note}}}|\
        {{#fields.enclosure}}<audio src="{{href}}"></audio>{{/fields.enclosure}}|\
        {{#fields.duration}}{{label}}: {{.}}{{/fields.duration}}{{^fields.artwork}}|no artwork{{/fields.artwork}}>\
        {{/items}}{{/groups}}
        """.write(to: templates.appendingPathComponent("source.mustache"), atomically: true, encoding: .utf8)
        var configuration = fixture.configuration
        configuration.templatesDirectory = templates
        _ = try SiteGenerator(configuration: configuration).generate()
        let page = try fixture.text("sources/podcast/index.html")
        #expect(
            page.contains(
                #"<50:01|3001|2.0 KB|Q&amp;A &lt;live&gt;|Q&A <live>|<audio src="https://cdn.pod.example/2.mp3"></audio>|Duration: 50:01|no artwork>"#
            ), "\(page)")
    }
}
