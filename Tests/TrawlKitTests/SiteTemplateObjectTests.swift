import Foundation
import Mustache
import TestSupport
import Testing

@testable import TrawlKit

/// The page models templates see render straight from their `member(_:)` lookups, and a
/// page's input digest covers the models' stored properties (`CanonicalModelText`): every
/// property must be the member of its name (the names docs/SITE.md lists), with its value,
/// or a template would see something else than documented, or a page change go unnoticed.
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

    @Test func everyItemViewPropertyIsTheMemberOfItsName() throws {
        for item in [Self.episode, Self.plain] {
            let view = SourcePageGenerator.view(item, files: ["p": "../../files/p.pdf"], wording: Self.wording)
            try expectInStep(view)
            try expectInStep(view.episode)
            for field in view.fieldList { try expectInStep(field) }
        }
    }

    @Test func everyPropertyOfGroupsTablesAndPagesIsTheMemberOfItsName() throws {
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

    /// `model` as a custom object against its stored properties: each one the member of its
    /// name with the same value, and an optional that is nil missing.
    private func expectInStep(_ model: some MustacheObject) throws {
        expectSame(model, .custom(model), path: "\(type(of: model))")
    }

    private func expectSame(_ property: Any, _ member: MustacheValue, path: String) {
        switch (property, member) {
        case (let string as String, .string(let value)): #expect(string == value, "\(path)")
        case (let int as Int, .int(let value)): #expect(int == value, "\(path)")
        case (let bool as Bool, .bool(let value)): #expect(bool == value, "\(path)")
        case (let table as FieldTable, .custom(let object)):
            // Its members are the fields' names: the first of a repeated name.
            for field in table.list {
                guard case .custom(let found as FieldValue)? = object.member(field.name) else {
                    Issue.record("\(path).\(field.name) is not a member")
                    continue
                }
                #expect(found === table[field.name], "\(path).\(field.name)")
            }
        case (let list as [Any], .list(let values)):
            #expect(list.count == values.count, "\(path): lists of different lengths")
            for (index, (l, r)) in zip(list, values).enumerated() { expectSame(l, r, path: "\(path)[\(index)]") }
        case (let model as any MustacheObject, .custom(let object)):
            #expect(type(of: model) == type(of: object), "\(path)")
            for child in Mirror(reflecting: model).children {
                guard let label = child.label else { continue }
                let found = object.member(label)
                let value = Mirror(reflecting: child.value)
                let isOptional = value.displayStyle == .optional
                if isOptional, value.children.isEmpty {
                    #expect(found == nil, "\(path).\(label): nil, yet a member")
                    continue
                }
                guard let found else {
                    Issue.record("\(path).\(label) is a property but not a member")
                    continue
                }
                let wrapped = isOptional ? value.children.first!.value : child.value
                expectSame(wrapped, found, path: "\(path).\(label)")
            }
        default: Issue.record("\(path): the property is \(property), the member is \(member)")
        }
    }
}
