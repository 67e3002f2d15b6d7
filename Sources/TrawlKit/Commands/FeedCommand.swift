import Foundation
import TrawlFeeds
import TrawlText

/// `trawl feed FILE_OR_URL`: parse a feed and print it as JSON, a stable interface for scripts.
///
/// The output has the keys `format`, `title`, `link`, `updated` and `items` (each with `id`,
/// `title`, `link`, `published`, `updated`, `summary`, `authors`, `enclosures`), sorted, with
/// dates in RFC 3339 UTC and absent values left out. Warnings go to standard error.
struct FeedCommand: TrawlCommand {
    static let name = "feed"
    static let summary = "parse a feed file or URL (RSS, Atom, JSON Feed) and print it as JSON"
    static let usage = """
        trawl feed FILE_OR_URL [--strict]

          --strict   fail on ill-formed XML instead of recovering what can be read

        exit status: 0 parsed (warnings on stderr); 1 not a feed, or cannot be read or parsed
        """
    static let flags: Set<String> = ["--strict"]
    static let options: Set<String> = []

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard arguments.positionals.count == 1, let input = arguments.positionals.first else {
            throw UsageError(arguments.positionals.isEmpty ? "a feed file or URL is needed" : "one feed at a time")
        }
        let url = location(of: input)
        guard case .page(let page) = try await Fetcher().fetch(url) else {
            throw FetchError.unreachable(url, reason: "no body")
        }
        let parsed: ParsedFeed
        do {
            parsed = try FeedParser(lenient: !arguments.has("--strict"))
                .parse(page.body, url: page.url, contentType: page.contentType)
        } catch let error as FeedError {
            console.error("\(input): \(error)")
            return .failure
        }
        for warning in parsed.warnings {
            console.warning("\(input): \(warning)")
        }
        console.write(try json(parsed.feed))
        return .success
    }

    /// A URL as given, or a path made into a file URL.
    static func location(of input: String) -> URL {
        if let url = URL(string: input), url.isFetchable { return url }
        return URL(fileURLWithPath: input)
    }

    /// The feed as the command's JSON, ending in a newline.
    static func json(_ feed: Feed) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(FeedOutput(feed))
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The shape `trawl feed` prints; optional values are left out when nil.
struct FeedOutput: Encodable {
    struct Item: Encodable {
        var id: String?
        var title: String?
        var link: String?
        var published: String?
        var updated: String?
        var summary: String?
        var authors: [Author]?
        var enclosures: [Enclosure]?
    }

    struct Author: Encodable {
        var name: String?
        var email: String?
        var uri: String?
    }

    struct Enclosure: Encodable {
        var url: String
        var type: String?
        var length: Int?
    }

    var format: String
    var title: String?
    var link: String?
    var updated: String?
    var items: [Item]

    init(_ feed: Feed) {
        format = feed.format.rawValue
        title = feed.title
        link = feed.link?.absoluteString
        updated = feed.updated.map(FeedDate.rfc3339)
        items = feed.entries.map { entry in
            Item(
                id: entry.id, title: entry.title, link: entry.link?.absoluteString,
                published: entry.published.map(FeedDate.rfc3339), updated: entry.updated.map(FeedDate.rfc3339),
                summary: (entry.summary ?? entry.content)?.value,
                authors: entry.authors.isEmpty
                    ? nil : entry.authors.map { Author(name: $0.name, email: $0.email, uri: $0.uri?.absoluteString) },
                enclosures: entry.enclosures.isEmpty
                    ? nil
                    : entry.enclosures.map { Enclosure(url: $0.url.absoluteString, type: $0.type, length: $0.length) })
        }
    }
}
