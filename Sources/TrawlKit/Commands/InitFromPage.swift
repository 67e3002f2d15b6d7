import Foundation
import TrawlHTML
import TrawlText

/// `trawl init --from PAGE`: reads the page, proposes a source for it, shows what that
/// source scrapes, and on `--write` adds it to the configuration.
enum InitFromPage {
    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard let input = arguments.value(InitCommand.from) else { throw UsageError("--from needs a page") }
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])' (the page goes after --from)")
        }
        let pick = try arguments.integer(InitCommand.pick, in: 1...Int.max) ?? 1
        let address = pageURL(input)
        let base = try arguments.absoluteURL(InitCommand.base)
        let document = try await read(address, base: base)
        let configurationFile = URL(fileURLWithPath: arguments.value(InitCommand.config) ?? "trawl.json")
            .standardizedFileURL
        let id = arguments.value(InitCommand.id) ?? SourceProposal.id(for: address)
        // A saved page is named by its absolute path: the configuration may live elsewhere.
        let url = address.isFileURL ? address.path : address.absoluteString

        let proposal: SourceProposal
        var feeds = SourceProposal.feeds(in: document)
        // `/feed.rss` on a saved page names no site: say so rather than propose file:///feed.rss.
        if address.isFileURL, base == nil, let feed = feeds.first, feed.scheme == nil || feed.isFileURL {
            console.note("the page links a feed (\(feed.path)), but a saved page cannot say on which site: give --base")
            feeds = []
        }
        // A feed the page names is an address it supplies: proposed only where a page may lead.
        for feed in feeds where !feed.mayBeFollowed(from: address, within: nil) {
            console.warning(
                "\(input) names a feed at \(ValueExcerpt(feed.absoluteString)), which is not proposed:"
                    + " a page may lead only to http and https addresses")
        }
        feeds.removeAll { !$0.mayBeFollowed(from: address, within: nil) }
        if let feed = feeds.first, !arguments.has(InitCommand.list) {
            console.print("\(input) links a feed: \(feed.absoluteString)")
            proposal = SourceProposal(id: id, url: feed.absoluteString, base: nil, kind: .feed)
            console.print("(--list looks for repeated lists on the page instead)")
        } else {
            // Only lists whose items read alike (a title and a link found the same way in each).
            let candidates = ListFinder(document: document).candidates(limit: 20).compactMap { candidate in
                FieldFinder(members: candidate.members).propose().map { (candidate, $0) }
            }.prefix(8)
            guard !candidates.isEmpty else {
                console.error(
                    "found no repeated items holding links on \(input); write the source by hand (see docs/GUIDE.md)")
                return .failure
            }
            console.print("Repeated lists on \(input), best first:")
            for (index, (candidate, _)) in candidates.enumerated() {
                let example = candidate.members.first.flatMap(ListFinder.mainLink)?.text ?? ""
                console.print(
                    "  \(index + 1). \(candidate.items)  (\(CountText.of(candidate.members.count, "item", "items")), e.g. \"\(String(example.prefix(50)))\")"
                )
            }
            guard pick <= candidates.count else {
                let lists = CountText.of(candidates.count, "list", "lists")
                throw UsageError("--pick \(pick): there \(candidates.count == 1 ? "is" : "are") \(lists)")
            }
            let (chosen, fields) = candidates[candidates.startIndex + pick - 1]
            proposal = SourceProposal(
                id: id, url: url, base: base?.absoluteString, kind: .list, items: chosen.items, fields: fields)
        }

        console.print("\nProposed source:")
        console.print(proposal.json())
        if proposal.kind == .list,
            let source = try proposal.configuration(in: configurationFile.deletingLastPathComponent())
        {
            let result = try PageScraper(source: source).scrape(document)
            console.print("\nFirst items it scrapes:")
            console.write(TryCommand.table(Array(result.items.prefix(5)), source: source, of: result.items.count))
            for warning in FieldCoverage(source: source).warnings(for: result) { console.warning(warning) }
        }
        guard arguments.has(InitCommand.write) else {
            console.note("add it to \(configurationFile.path) with --write (or copy it into 'sources')")
            return .success
        }
        try write(proposal, to: configurationFile)
        console.note(
            "added source '\(proposal.id)' to \(configurationFile.path); 'trawl try \(proposal.id)' shows what it scrapes"
        )
        return .success
    }

    /// The page, fetched as a run would fetch it, with links resolving against `base`
    /// or the page's own address (for a saved page, its file: so root-relative links show).
    static func read(_ address: URL, base: URL?) async throws -> Document {
        guard case .page(let page) = try await Fetcher().fetch(address) else {
            throw FetchError.unreachable(address, reason: "no body")
        }
        return Document.parseHTML(page.body, url: base ?? page.url, contentType: page.contentType)
    }

    /// The page as a URL: http(s) and file URLs as given, anything else a file path.
    static func pageURL(_ input: String) -> URL {
        if let url = URL(string: input), url.isFetchable { return url }
        return URL(fileURLWithPath: input).standardizedFileURL
    }

    static func write(_ proposal: SourceProposal, to file: URL) throws {
        let text: String
        if FileManager.default.fileExists(atPath: file.path) {
            let existing = try String(contentsOf: file, encoding: .utf8)
            text = try ConfigurationEditor.adding(proposal.json(indent: 4), id: proposal.id, to: existing, file: file)
        } else {
            text = "{\n  \"sources\": [\n\(proposal.json(indent: 4))\n  ]\n}\n"
        }
        // What is written must load: a proposal that does not is a bug, not a file to leave behind.
        _ = try ConfigurationLoader.load(Data(text.utf8), file: file)
        try Data(text.utf8).write(to: file, options: .atomic)
    }
}
