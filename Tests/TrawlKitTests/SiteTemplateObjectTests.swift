import Foundation
import Mustache
import TestSupport
import Testing

@testable import TrawlKit

/// The page models templates see render straight from their `member(_:)` lookups; those
/// must say exactly what the models' `Encodable` form says (the names docs/SITE.md lists),
/// member for member, or a template would see something else than documented.
@Suite struct SiteTemplateObjectTests {
    static let wording = ValueWording()
    static let url = URL(string: "https://pod.example/episodes/2")!

    static let episode = Item(
        id: "ep-2", title: "Second", url: url, date: Date(timeIntervalSince1970: 1_796_011_200), summary: "Notes",
        fields: [
            .init("enclosure", .url(URL(string: "https://cdn.pod.example/2.mp3")!)),
            .init("enclosureType", .string("audio/mpeg")), .init("enclosureLength", .int(2_048)),
            .init("duration", .int(3_001)), .init("season", .int(2)), .init("tags", .list([.string("a")])),
            .init("season", .int(9)),
        ])
    static let plain = Item(
        id: "p", title: "", url: nil, fields: [.init("scale", .int(80_000)), .init("on", .bool(true))])

    @Test func everyItemViewMemberMatchesItsEncodedForm() throws {
        for item in [Self.episode, Self.plain] {
            let view = SourcePageGenerator.view(item, files: ["p": "../../files/p.pdf"], wording: Self.wording)
            try expectInStep(view)
            try expectInStep(view.episode)
            for field in view.fieldList { try expectInStep(field) }
        }
    }

    @Test func groupsTablesAndPagesMatchTheirEncodedForm() throws {
        let items = [Self.episode, Self.plain]
        let views = items.map { SourcePageGenerator.view($0, files: [:], wording: Self.wording) }
        try expectInStep(ItemGroup(heading: "Today", id: "today", items: views))
        let table = TableView(items, files: ["ep-2": "../../files/2.mp3"], wording: Self.wording)
        try expectInStep(table)
        let directory = try TemporaryDirectory()
        var health = Health()
        health.stale = true
        health.consecutiveFailures = 2
        health.lastError = "HTTP 500"
        health.warnings = ["'date' is empty on 9 of 10 items"]
        let source = SiteContent.Source(
            configuration: SourceConfiguration(id: "pod", name: "Pod", kind: .list, url: Self.url),
            stored: try SourceItems.read("pod", store: CacheStore(root: directory.url), knownCounts: [:]),
            health: health, files: [:])
        let context = PageContext(
            root: "../../", siteTitle: "Site", siteDescription: "", pageTitle: "Pod", feedHref: "feed.atom",
            feedTitle: "Site: Pod", jsonFeedHref: "feed.json", lastRun: "1 December 2026", lastRunTime: "2026-12-01",
            language: "en")
        let pagination = try #require(Pagination.pages(total: 7, pageSize: 3, wording: Self.wording))
        #expect(pagination.count == 3)
        for (table, pages) in [(table, pagination[1]), (nil, nil)] {
            try expectInStep(
                SourcePageGenerator.Page(
                    page: context, source: SourceView(source, root: "../../"), sourceURL: "", hasItems: true,
                    table: table, groups: [], pagination: pages))
        }
    }

    @Test func aFieldPrintsInWordsAndItsTableFindsTheFirstOfARepeatedName() throws {
        let view = SourcePageGenerator.view(Self.episode, files: [:], wording: Self.wording)
        let template = try Template(
            string:
                "{{fields.duration}} {{fields.duration.raw}} {{fields.season}}|{{#fields.nothing}}x{{/fields.nothing}}")
        #expect(try template.render(.custom(view)) == "50:01 3001 2|")
    }

    /// `model` as a custom object against its JSON form: every encoded member the same, and
    /// every stored property either encoded or (an optional left out) missing in both.
    private func expectInStep<Model: Encodable & MustacheObject>(_ model: Model) throws {
        let encoded = try MustacheValue(jsonData: JSONEncoder().encode(model))
        expectSame(encoded, .custom(model), path: "\(Model.self)")
    }

    private func expectSame(_ encoded: MustacheValue, _ custom: MustacheValue, path: String) {
        switch (encoded, custom) {
        case (.object(let members), .custom(let object)):
            for (key, value) in members {
                guard let found = object.member(key) else {
                    Issue.record("\(path).\(key) is encoded but not a member")
                    continue
                }
                expectSame(value, found, path: "\(path).\(key)")
            }
            guard !(object is FieldTable) else { return }  // Its members are the fields' names.
            for case let label? in Mirror(reflecting: object).children.map(\.label) {
                #expect(
                    (members[label] == nil) == (object.member(label) == nil),
                    "\(path).\(label): a member and its encoded form disagree on being there")
            }
        case (.list(let left), .list(let right)):
            #expect(left.count == right.count, "\(path): lists of different lengths")
            for (index, (l, r)) in zip(left, right).enumerated() { expectSame(l, r, path: "\(path)[\(index)]") }
        case (.string(let l), .string(let r)): #expect(l == r, "\(path)")
        case (.int(let l), .int(let r)): #expect(l == r, "\(path)")
        case (.bool(let l), .bool(let r)): #expect(l == r, "\(path)")
        default: Issue.record("\(path): \(encoded) is encoded, the member is \(custom)")
        }
    }
}
