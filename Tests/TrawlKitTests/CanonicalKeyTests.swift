import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Keys said outright (`CanonicalKey`): every stored setting of every configuration type
/// changes its key, secrets enter only hashed, and the key is the same in every process.
@Suite struct CanonicalKeyTests {
    /// One stored property changed in place.
    struct Edit<Root> {
        var property: String
        var change: (inout Root) -> Void
        init(_ property: String, _ change: @escaping (inout Root) -> Void) {
            self.property = property
            self.change = change
        }
    }

    /// Each edit changes `key`, and the edits cover every stored property of `part` (by
    /// `Mirror`): a property added later without a place in the key fails here.
    func expectEveryEditChangesTheKey<Root>(
        of part: Any, _ edits: [Edit<Root>], base: Root, key: (Root) -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let stored = Set(Mirror(reflecting: part).children.compactMap(\.label))
        #expect(Set(edits.map(\.property)) == stored, "\(type(of: part))", sourceLocation: sourceLocation)
        let before = key(base)
        for edit in edits {
            var edited = base
            edit.change(&edited)
            #expect(key(edited) != before, "\(type(of: part)).\(edit.property)", sourceLocation: sourceLocation)
        }
    }

    static let source: SourceConfiguration = {
        var source = SourceConfiguration(
            id: "charts", name: "Charts", kind: .list, url: URL(string: "https://example.org/charts")!,
            items: "li.chart",
            fields: [
                FieldRule(
                    name: "title", locator: .css("a"), column: "Title", attr: "href", type: .string, format: "%d",
                    locale: "en_GB", strip: ["New:"], replace: [.init(pattern: "a", template: "b")], many: false,
                    defaultValue: "untitled")
            ], idField: "title", ignoreChanges: ["rank"], required: ["title"], next: "a.next", maxPages: 2,
            header: ["Title"], onValues: ["on"], download: "pdf",
            notify: [NotifierConfiguration(target: .command(["notify"]))])
        source.base = URL(string: "https://mirror.example.org/")
        source.request.headers["Authorization"] = "Bearer one"
        source.request.cookies = [Cookie(domain: "example.org", name: "session", value: "abc")]
        source.request.credentials = Credentials(user: "ada", password: "pw1")
        source.request.body = Data("q=1".utf8)
        source.request.contentType = "application/x-www-form-urlencoded"
        source.render = RenderSettings(executable: "/usr/bin/chromium", waitFor: ".ready")
        source.detail = DetailSettings(article: .full, fields: [FieldRule(name: "price", locator: .css(".price"))])
        return source
    }()

    @Test func everySettingOfASourceChangesItsKeyAndWhatScrapesChangesItsFingerprint() {
        let source = Self.source
        typealias E = Edit<SourceConfiguration>
        // What is shown and who is told: the page's key, not the fetch's.
        let shownOnly: [E] = [
            E("entries") { $0.entries = .changes },
            E("announceBaseline") { $0.announceBaseline = false },
            E("notify") { $0.notify = [] },
            E("every") { $0.every = 3_600 },
            // What is read from each item's own page: its records keep their own fingerprint.
            E("detail") { $0.detail = nil },
        ]
        let scraping: [E] = [
            E("id") { $0.id = "charts2" }, E("name") { $0.name = "Charts 2" }, E("kind") { $0.kind = .table },
            E("url") { $0.url = URL(string: "https://example.org/charts2")! },
            E("base") { $0.base = nil }, E("items") { $0.items = "li" },
            E("itemsXPath") { $0.itemsXPath = "//li" },
            E("script") { $0.script = "script#__NEXT_DATA__" },
            E("fields") { $0.fields.append(FieldRule(name: "date")) },
            E("idFields") { $0.idFields = ["title", "url"] },
            E("keep") { $0.keep = [try! FieldPattern(field: "title", pattern: "(?i)swift")] },
            E("drop") { $0.drop = [try! FieldPattern(field: "tags", pattern: "^sponsored$")] },
            E("ignore") { $0.ignore = [".date"] },
            E("ignoreChanges") { $0.ignoreChanges = [] }, E("required") { $0.required = ["url"] },
            E("next") { $0.next = nil }, E("maxPages") { $0.maxPages = 3 }, E("maxItems") { $0.maxItems = 5 },
            E("header") { $0.header = ["Name"] }, E("onValues") { $0.onValues = ["yes"] },
            E("download") { $0.download = nil }, E("guardrail") { $0.guardrail.allowEmpty = true },
            E("request") { $0.request.method = "POST" }, E("render") { $0.render = nil },
        ]
        expectEveryEditChangesTheKey(
            of: source, scraping + shownOnly, base: source, key: { CanonicalKey(of: $0).hash })
        for edit in scraping {
            var edited = source
            edit.change(&edited)
            #expect(edited.fingerprint != source.fingerprint, "\(edit.property) changes what a fetch gives")
        }
        for edit in shownOnly {
            var edited = source
            edit.change(&edited)
            #expect(edited.fingerprint == source.fingerprint, "\(edit.property) leaves the fetch alone")
        }
    }

    @Test func everyPartOfASourcesSettingsChangesItsFingerprint() {
        let source = Self.source
        typealias E = Edit<SourceConfiguration>
        let fingerprint: (SourceConfiguration) -> String = \.fingerprint
        expectEveryEditChangesTheKey(
            of: source.fields[0],
            [
                E("name") { $0.fields[0].name = "name" }, E("locator") { $0.fields[0].locator = .xpath("//a") },
                E("column") { $0.fields[0].column = nil }, E("attr") { $0.fields[0].attr = "title" },
                E("type") { $0.fields[0].type = .url }, E("format") { $0.fields[0].format = nil },
                E("locale") { $0.fields[0].locale = "fr_FR" }, E("strip") { $0.fields[0].strip = [] },
                E("replace") { $0.fields[0].replace = [] }, E("many") { $0.fields[0].many = true },
                E("defaultValue") { $0.fields[0].defaultValue = nil },
            ], base: source, key: fingerprint)
        expectEveryEditChangesTheKey(
            of: source.fields[0].replace[0],
            [
                E("pattern") { $0.fields[0].replace[0].pattern = "c" },
                E("template") { $0.fields[0].replace[0].template = "d" },
            ], base: source, key: fingerprint)
        expectEveryEditChangesTheKey(
            of: source.guardrail,
            [
                E("maxLoss") { $0.guardrail.maxLoss = 0.6 },
                E("maxMissingRequired") { $0.guardrail.maxMissingRequired = 0.1 },
                E("allowEmpty") { $0.guardrail.allowEmpty = true }, E("warnAt") { $0.guardrail.warnAt = 0.9 },
            ], base: source, key: fingerprint)
        expectEveryEditChangesTheKey(
            of: source.request,
            [
                E("method") { $0.request.method = "POST" },
                E("headers") { $0.request.headers["Authorization"] = "Bearer two" },
                E("cookies") { $0.request.cookies[0].value = "abd" },
                E("credentials") { $0.request.credentials?.password = "pw2" },
                E("body") { $0.request.body = Data("q=2".utf8) },
                E("contentType") { $0.request.contentType = "text/plain" },
                E("proxy") { $0.request.proxy = ProxyAddress("socks5h://127.0.0.1:1080") },
            ], base: source, key: fingerprint)
        expectEveryEditChangesTheKey(
            of: source.request.cookies[0],
            [
                E("domain") { $0.request.cookies[0].domain = "example.com" },
                E("includeSubdomains") { $0.request.cookies[0].includeSubdomains = true },
                E("path") { $0.request.cookies[0].path = "/charts" },
                E("secureOnly") { $0.request.cookies[0].secureOnly = true },
                E("expires") { $0.request.cookies[0].expires = 1_900_000_000 },
                E("name") { $0.request.cookies[0].name = "sid" }, E("value") { $0.request.cookies[0].value = "x" },
            ], base: source, key: fingerprint)
        expectEveryEditChangesTheKey(
            of: source.request.credentials!,
            [
                E("user") { $0.request.credentials?.user = "grace" },
                E("password") { $0.request.credentials?.password = "pw2" },
            ], base: source, key: fingerprint)
        expectEveryEditChangesTheKey(
            of: source.render!,
            [
                E("executable") { $0.render?.executable = "/usr/bin/chromium-browser" },
                E("waitFor") { $0.render?.waitFor = nil }, E("timeout") { $0.render?.timeout = .seconds(31) },
                E("loadImages") { $0.render?.loadImages = true },
            ], base: source, key: fingerprint)
        let pageKey: (SourceConfiguration) -> String = { CanonicalKey(of: $0).hash }
        expectEveryEditChangesTheKey(
            of: source.detail!,
            [
                E("article") { $0.detail?.article = .excerpt }, E("fields") { $0.detail?.fields = [] },
                E("maxPerRun") { $0.detail?.maxPerRun = 10 },
            ], base: source, key: pageKey)
        // A header's name and value each count (`HTTPHeaders` keeps them as `fields`).
        var renamed = source
        renamed.request.headers = HTTPHeaders([("X-Token", "Bearer one")])
        #expect(renamed.fingerprint != source.fingerprint)
    }

    @Test func everySettingOfANotifierChangesItsKey() {
        let webhook = NotifierConfiguration.Webhook(
            url: URL(string: "https://hooks.example.org/T0/B0/x")!, format: .slack,
            headers: [.init(name: "Authorization", value: "Bearer one")], timeout: .seconds(10), attempts: 3)
        let notifier = NotifierConfiguration(target: .webhook(webhook), when: [.changes, .failures])
        typealias E = Edit<NotifierConfiguration>
        func editWebhook(
            _ change: @escaping (inout NotifierConfiguration.Webhook) -> Void
        ) -> (inout NotifierConfiguration) -> Void {
            { notifier in
                guard case .webhook(var webhook) = notifier.target else { return }
                change(&webhook)
                notifier.target = .webhook(webhook)
            }
        }
        let key: (NotifierConfiguration) -> String = \.key
        expectEveryEditChangesTheKey(
            of: notifier,
            [
                E("target") { $0.target = .command(["notify"]) }, E("when") { $0.when = [.changes] },
                E("match") { $0.match = [try! FieldPattern(field: "title", pattern: "(?i)swift")] },
                E("markdown") { $0.markdown = true },
            ],
            base: notifier, key: key)
        expectEveryEditChangesTheKey(
            of: webhook,
            [
                E("url", editWebhook { $0.url = URL(string: "https://hooks.example.org/T0/B0/y")! }),
                E("format", editWebhook { $0.format = .discord }),
                E("headers", editWebhook { $0.headers = [] }),
                E("timeout", editWebhook { $0.timeout = .seconds(11) }),
                E("attempts", editWebhook { $0.attempts = 2 }),
            ], base: notifier, key: key)
        expectEveryEditChangesTheKey(
            of: webhook.headers[0],
            [
                E("name", editWebhook { $0.headers[0].name = "X-Token" }),
                E("value", editWebhook { $0.headers[0].value = "Bearer two" }),
            ], base: notifier, key: key)
        let email = NotifierConfiguration.Email(to: ["ada@example.org"], from: "trawl@example.org", sendmail: ["msmtp"])
        let mailer = NotifierConfiguration(target: .email(email))
        func editEmail(
            _ change: @escaping (inout NotifierConfiguration.Email) -> Void
        ) -> (inout NotifierConfiguration) -> Void {
            { notifier in
                guard case .email(var email) = notifier.target else { return }
                change(&email)
                notifier.target = .email(email)
            }
        }
        expectEveryEditChangesTheKey(
            of: email,
            [
                E("to", editEmail { $0.to.append("grace@example.org") }),
                E("from", editEmail { $0.from = "robot@example.org" }),
                E("sendmail", editEmail { $0.sendmail = ["/usr/sbin/sendmail"] }),
            ], base: mailer, key: key)
        #expect(
            NotifierConfiguration(target: .command(["notify", "-a"])).key
                != NotifierConfiguration(target: .command(["notify -a"])).key)
    }

    @Test func secretsEnterTheKeysOnlyAsTheirHash() {
        var source = Self.source
        source.request.headers["Authorization"] = "Bearer s3cret-header"
        source.request.cookies = [Cookie(domain: "example.org", name: "session", value: "s3cret-cookie")]
        source.request.credentials = Credentials(user: "ada", password: "s3cret-password")
        let hook = NotifierConfiguration(
            target: .webhook(
                .init(
                    url: URL(string: "https://hooks.example.org/hook?token=s3cret-query")!, format: .json,
                    headers: [.init(name: "Authorization", value: "Bearer s3cret-token")], timeout: .seconds(5),
                    attempts: 1)))
        source.notify = [hook]
        // The key names the hook without its query (`name`); the rest is a hash.
        let encodings = [CanonicalKey(of: source).encoding, CanonicalKey(of: hook).encoding, hook.key]
        for text in encodings { #expect(!text.contains("s3cret")) }
    }

    /// The old key, `String(describing:)` of a `Set`, changed from process to process: the
    /// same configuration run in six processes gives one key for each notifier, one
    /// fingerprint for the source, one digest for its page.
    @Test func keysAreTheSameInEveryProcess() async throws {
        let server = try FixtureServer()
        server.route("/garden", .page(Self.gardenPage(pump: "off"), etag: "\"v1\""))
        let directory = try TemporaryDirectory("trawl-keys")
        let json = """
            {"site": {"title": "Garden watch"},
             "notify": [{"command": ["true"], "when": ["changes", "failures"]}],
             "sources": [{"id": "garden", "kind": "list", "url": "\(server.url("/garden").absoluteString)",
                          "items": "tr.switch", "fields": {"title": ".label", "state": ".state"},
                          "headers": {"X-Garden": "1"}, "cookies": {"s": "v"},
                          "notify": [{"command": ["true"], "when": ["failures", "changes"]}]}]}
            """
        try Data(json.utf8).write(to: directory.file("trawl.json"))
        var seen: Set<[String]> = []
        for process in 0..<6 {
            let cache = directory.file("cache-\(process)")
            let result = try await TrawlBinary.run(
                [
                    "run", "--quiet", "--config", directory.file("trawl.json").path, "--cache", cache.path,
                    "--output", directory.file("out-\(process)").path,
                ], environment: ["TRAWL_NOW": "2026-12-01T04:00:00Z"])
            #expect(result.status == 0, "\(result.errors)")
            let store = CacheStore(root: cache, access: .readOnly)
            let ledger = try NotificationLedger.read(from: store).notifiers.keys.sorted()
            let validators = try store.validators(of: "garden").keys.sorted()
            let generation = try FileManager.default.contentsOfDirectory(
                at: cache.appendingPathComponent("generation"), includingPropertiesForKeys: nil)
            let pages = try generation.flatMap { file in
                try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                    .filter { $0.hasPrefix("page\tsources/garden/") }.map { $0.split(separator: "\t")[2] }
                    .map(String.init)
            }
            #expect(ledger.count == 2 && validators.count == 1 && pages.count == 1)
            seen.insert(ledger + validators + pages)
        }
        #expect(seen.count == 1, "\(seen)")
    }

    static func gardenPage(pump: String) -> String {
        """
        <!DOCTYPE html><html><head><title>Garden</title></head><body><table>
        <tr class="switch"><td class="label">Pump</td><td class="state">\(pump)</td></tr>
        </table></body></html>
        """
    }

    /// A ledger written by the code before canonical keys keeps its waiting runs, whichever
    /// order its process printed `when` in: each is delivered on the next run, once.
    @Test(arguments: ["orderA", "orderB"])
    func aLedgerWrittenBeforeCanonicalKeysKeepsItsWaitingRuns(_ fixture: String) async throws {
        let fixtures = SharedTestData.packageRoot.appendingPathComponent(
            "Tests/TrawlKitTests/Fixtures/ledger-before-canonical-keys/\(fixture)")
        let directory = try TemporaryDirectory("trawl-legacy-ledger")
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("cache"), to: directory.file("Cache"))
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("trawl.json"), to: directory.file("trawl.json"))
        try Data(Self.statusPage(pump: "on").utf8).write(to: directory.file("status.html"))
        // The receiver is up tonight: it writes down each digest it is given.
        let script = "#!/bin/sh\ncat > \"$(dirname \"$0\")/told-$TRAWL_RUN-$#.md\"\n"
        try Data(script.utf8).write(to: directory.file("notify.sh"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: directory.file("notify.sh").path)
        let before = try NotificationLedger.read(from: CacheStore(root: directory.file("Cache")))
        #expect(before.notifiers.values.allSatisfy { $0.pending == ["20261201T040000.000Z"] })

        let configuration = try ConfigurationLoader.load(from: directory.file("trawl.json"))
        let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_796_184_000))
        _ = try await Pipeline(configuration: configuration, clock: clock).scrape()

        let told = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
            $0.hasPrefix("told-")
        }.sorted()
        // Night 2's news, to the notifier of every source (`./notify.sh`) and to garden's own (`--garden`).
        #expect(told == ["told-20261201T040000.000Z-0.md", "told-20261201T040000.000Z-1.md"])
        let after = try NotificationLedger.read(from: CacheStore(root: directory.file("Cache")))
        #expect(after.notifiers.count == 2)
        #expect(Set(after.notifiers.keys).isDisjoint(with: before.notifiers.keys), "the records moved to the new keys")
        #expect(after.notifiers.values.allSatisfy { $0.pending.isEmpty && $0.delivered == ["20261201T040000.000Z"] })
    }

    static func statusPage(pump: String) -> String {
        """
        <!DOCTYPE html><html><head><title>Garden</title></head><body>
        <table class="switches">
        <tr class="switch"><td class="label">Pump</td><td class="state">\(pump)</td></tr>
        <tr class="switch"><td class="label">Heater</td><td class="state">off</td></tr>
        </table></body></html>
        """
    }
}
