import Foundation
import TrawlFeeds
import TrawlJSON
import TrawlText

/// `trawl feed FILE_OR_URL`: parse a feed and print it as JSON, a stable interface for scripts.
///
/// The output has the keys `format`, `title`, `link`, `updated` and `items` (each with `id`,
/// `title`, `link`, `published`, `updated`, `summary`, `authors`, `enclosures`), sorted, with
/// dates in RFC 3339 UTC and absent values left out. Warnings go to standard error.
struct FeedCommand: TrawlCommand {
    static let name = "feed"
    static let summary = "parse a feed file or URL (RSS, Atom, JSON Feed) and print it as JSON"
    static let positionals = [CommandPositional("FILE_OR_URL")]
    static let strict = CommandOption.flag("--strict", "fail on ill-formed XML instead of recovering what can be read")
    static let options = [strict]
    static let epilogue = "exit status: 0 parsed (warnings on stderr); 1 not a feed, or cannot be read or parsed"

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let input = arguments.positionals[0]
        let parsed: ParsedFeed
        do {
            parsed = try await read(location(of: input), lenient: !arguments.has(strict))
        } catch let error as FeedError {
            console.error("\(input): \(error)")
            return .failure
        }
        for warning in parsed.warnings {
            console.warning("\(input): \(warning)")
        }
        write(parsed.feed, to: console)
        return .success
    }

    /// Fetches and parses the feed; the body is let go once parsed, before the output is made.
    private static func read(_ url: URL, lenient: Bool) async throws -> ParsedFeed {
        guard case .page(let page) = try await Fetcher().fetch(url) else {
            throw FetchError.unreachable(url, reason: "no body")
        }
        return try FeedParser(lenient: lenient).parse(page.body, url: page.url, contentType: page.contentType)
    }

    /// A URL as given, or a path made into a file URL.
    static func location(of input: String) -> URL {
        if let url = URL(string: input), url.isFetchable { return url }
        return URL(fileURLWithPath: input)
    }

    /// Writes the feed as the command's JSON (`JSONWriter`'s pretty layout, ending in a
    /// newline) an item at a time, so a large feed's output is never held whole beside it.
    static func write(_ feed: Feed, to console: Console) {
        let chunk = 1 << 16
        var writer = JSONWriter(capacity: chunk + 4096)
        func flush() {
            console.write(String(decoding: writer.bytes, as: UTF8.self))
            writer.bytes.removeAll(keepingCapacity: true)
        }
        var first = true
        func key(_ key: String) {
            writer.raw(first ? "\n  " : ",\n  ")
            first = false
            writer.string(key)
            writer.raw(": ")
        }
        writer.raw("{")
        let members = FeedOutput.members(of: feed)
        for member in members where member.key < "items" {
            key(member.key)
            writer.value(member.value, style: .pretty, indent: 1)
        }
        key("items")
        if feed.entries.isEmpty {
            writer.raw("[]")
        } else {
            writer.raw("[")
            for (index, entry) in feed.entries.enumerated() {
                writer.raw(index == 0 ? "\n    " : ",\n    ")
                writer.value(FeedOutput.entry(entry), style: .pretty, indent: 2)
                if writer.bytes.count >= chunk { flush() }
            }
            writer.raw("\n  ]")
        }
        for member in members where member.key > "items" {
            key(member.key)
            writer.value(member.value, style: .pretty, indent: 1)
        }
        writer.raw("\n}\n")
        flush()
    }
}

/// The shape `trawl feed` prints: keys sorted, absent values left out.
enum FeedOutput {
    /// The feed's own members, sorted by key; its `items` are written one by one.
    static func members(of feed: Feed) -> [(key: String, value: JSONValue)] {
        JSONValue.members([
            ("format", .string(feed.format.rawValue)),
            ("link", feed.link.map(JSONValue.url)),
            ("title", feed.title.map(JSONValue.string)),
            ("updated", feed.updated.map(JSONValue.date)),
        ]).objectValue ?? []
    }

    static func entry(_ entry: FeedEntry) -> JSONValue {
        .members([
            ("authors", entry.authors.isEmpty ? nil : .array(entry.authors.map(author))),
            ("enclosures", entry.enclosures.isEmpty ? nil : .array(entry.enclosures.map(enclosure))),
            ("id", entry.id.map(JSONValue.string)),
            ("link", entry.link.map(JSONValue.url)),
            ("published", entry.published.map(JSONValue.date)),
            ("summary", (entry.summary ?? entry.content).map { JSONValue.string($0.value) }),
            ("title", entry.title.map(JSONValue.string)),
            ("updated", entry.updated.map(JSONValue.date)),
        ])
    }

    private static func author(_ author: FeedPerson) -> JSONValue {
        .members([
            ("email", author.email.map(JSONValue.string)),
            ("name", author.name.map(JSONValue.string)),
            ("uri", author.uri.map(JSONValue.url)),
        ])
    }

    private static func enclosure(_ enclosure: FeedEnclosure) -> JSONValue {
        .members([
            ("length", enclosure.length.map(JSONValue.int)),
            ("type", enclosure.type.map(JSONValue.string)),
            ("url", .url(enclosure.url)),
        ])
    }
}
