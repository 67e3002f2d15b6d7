import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `notify`, `entries` and `announceBaseline` in trawl.json: read as the README shows them,
/// and mistakes reported by JSON path with "did you mean".
@Suite struct NotifyConfigurationTests {
    func load(_ notify: String, source: String = "") throws -> Configuration {
        let json = """
            {"notify": \(notify),
             "sources": [{"id": "blog", "kind": "feed", "url": "blog.atom"\(source)}]}
            """
        return try ConfigurationLoader.load(
            Data(json.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"), environment: ["HOOK_TOKEN": "t0k3n"])
    }

    func problems(_ notify: String, source: String = "") -> [String] {
        do {
            _ = try load(notify, source: source)
            return []
        } catch let error as ConfigurationError {
            return error.problems.map { "\($0.path): \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    @Test func theIssuesExampleReads() throws {
        let configuration = try load(
            """
            [{"webhook": "https://hooks.example.org/T0/B0", "format": "slack", "when": ["changes", "failures"],
              "headers": {"Authorization": "Bearer ${HOOK_TOKEN}"}},
             {"email": "ada@example.org", "from": "trawl@example.org", "sendmail": "/usr/sbin/sendmail"},
             {"command": ["apprise", "-b", "-", "mailto://ada@example.org"]}]
            """, source: #", "entries": "changes", "announceBaseline": false, "notify": [{"command": "notify-send"}]"#)
        #expect(configuration.notify.count == 3)
        guard case .webhook(let webhook) = configuration.notify[0].target else {
            Issue.record("not a webhook")
            return
        }
        #expect(webhook.format == .slack)
        #expect(webhook.headers == [.init(name: "Authorization", value: "Bearer t0k3n")])
        guard case .email(let email) = configuration.notify[1].target else {
            Issue.record("not an email")
            return
        }
        #expect(email.to == ["ada@example.org"] && email.sendmail == ["/usr/sbin/sendmail"])
        #expect(configuration.notify[2].when == [.changes, .failures])
        let source = try #require(configuration.sources.first)
        #expect(source.entries == .changes)
        #expect(!source.announceBaseline)
        #expect(source.notify.count == 1)
    }

    @Test func entriesDefaultByKind() {
        #expect(SourceConfiguration(id: "a", kind: .list, url: URL(string: "https://a.example/")!).entries == .items)
        #expect(SourceConfiguration(id: "a", kind: .feed, url: URL(string: "https://a.example/")!).entries == .items)
        #expect(SourceConfiguration(id: "a", kind: .table, url: URL(string: "https://a.example/")!).entries == .changes)
        #expect(
            SourceConfiguration(id: "a", kind: .status, url: URL(string: "https://a.example/")!).entries == .changes)
    }

    @Test func mistakesAreNamedWithTheirPath() {
        #expect(
            problems(#"[{"webhook": "https://h.example/", "format": "slak"}]"#) == [
                "notify[0].format: 'slak' is not one of json, slack, discord, ntfy, matrix (did you mean 'slack'?)"
            ])
        #expect(
            problems(#"[{"webhook": "https://h.example/", "email": "a@b.example"}]"#) == [
                "notify[0]: give only one of webhook, email"
            ])
        #expect(
            problems(#"[{"email": "not an address"}]"#) == [
                "notify[0].email[0]: 'not an address' is not an email address"
            ])
        #expect(
            problems(#"[{"command": "x", "when": ["change"]}]"#) == [
                "notify[0].when[0]: 'change' is not one of changes, failures, added (did you mean 'changes'?)"
            ])
        #expect(
            problems("[]", source: #", "entries": "item""#) == [
                "sources[0].entries: 'item' is not one of items, changes (did you mean 'items'?)"
            ])
        #expect(
            problems(#"[{"webhook": "ftp://h.example/"}]"#) == [
                "notify[0].webhook: 'ftp://h.example/' is not an http or https URL"
            ])
    }

    /// A `match` on a field no source the notifier hears has could never match: the notifier
    /// would be told of nothing, silently. It is an error naming the file, the line, the
    /// notifier and the field, with the fields there are.
    @Test func aMatchOnAFieldNoSourceHasIsAnError() throws {
        let json = """
            {"notify": [{"command": ["apprise", "-b", "-"], "when": ["added"],
                         "match": {"titel": "(?i)swift"}}],
             "sources": [
               {"id": "films", "kind": "list", "url": "films.html", "items": "li",
                "fields": {"title": "h2", "year": {"css": ".year", "type": "int"}}},
               {"id": "posts", "kind": "list", "url": "posts.html", "items": "li",
                "fields": {"title": "h2"},
                "detail": {"article": false, "fields": {"author": ".byline"}},
                "notify": [{"webhook": "https://hooks.example/x", "match": {"autor": "Ada", "year": "20"}}]}]}
            """
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(Data(json.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"))
        }
        #expect(
            error.problems.map(\.description) == [
                "sources[1].notify[0].match.autor: webhook https://hooks.example/x matches on 'autor', which the"
                    + " source's items do not have (did you mean 'author'?); its fields: title, url, date, summary,"
                    + " author, id",
                // A field of another source is no field of this one.
                "sources[1].notify[0].match.year: webhook https://hooks.example/x matches on 'year', which the"
                    + " source's items do not have; its fields: title, url, date, summary, author, id",
                "notify[0].match.titel: command apprise matches on 'titel', which no source's items have"
                    + " (did you mean 'title'?); the sources' fields: title, year, url, date, summary, id, author",
            ])
        #expect(error.description.contains("/tmp/trawl.json:2:33: notify[0].match.titel: command apprise"))
        #expect(error.description.contains("/tmp/trawl.json:9:74: sources[1].notify[0].match.autor: webhook"))
    }

    /// Every field any source has, and every item's own, may be matched on.
    @Test func aMatchOnAnyFieldASourceHasReads() throws {
        let configuration = try load(
            #"[{"command": "x", "match": {"title": "(?i)swift", "id": "^urn:", "author": "Ada"}}]"#,
            source: #", "notify": [{"command": "y", "match": {"summary": "release"}}]"#)
        #expect(configuration.notify[0].match.map(\.field) == ["title", "id", "author"])
        #expect(configuration.sources[0].notify[0].match.map(\.field) == ["summary"])
    }

    @Test func editingWhatIsShownOrWhoIsToldDoesNotRefetch() {
        var source = SourceConfiguration(id: "a", kind: .list, url: URL(string: "https://a.example/")!)
        let before = source.fingerprint
        source.entries = .changes
        source.announceBaseline = false
        source.notify = [NotifierConfiguration(target: .command(["true"]))]
        #expect(source.fingerprint == before)
    }
}
