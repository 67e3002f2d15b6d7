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
        let page = try await read(address, base: base)
        let configurationFile = URL(fileURLWithPath: arguments.value(InitCommand.config) ?? "trawl.json")
            .standardizedFileURL
        let replacing = arguments.value(InitCommand.replace)
        if replacing != nil, arguments.value(InitCommand.id) != nil {
            throw UsageError("\(InitCommand.replace.name) keeps the source's id; leave out \(InitCommand.id.name)")
        }
        let id = replacing ?? arguments.value(InitCommand.id) ?? SourceProposal.id(for: address)
        // A saved page is named by its absolute path: the configuration may live elsewhere.
        let url = address.isFileURL ? address.path : address.absoluteString

        let document = Document.parseHTML(page.body, url: page.url, contentType: page.contentType)
        let feeds = SourceProposal.feeds(in: document)
        // `/feed.rss` on a saved page names no site: say so rather than propose file:///feed.rss.
        if address.isFileURL, base == nil, let feed = feeds.first, feed.scheme == nil || feed.isFileURL {
            console.note("the page links a feed (\(feed.path)), but a saved page cannot say on which site: give --base")
        }
        // A feed the page names is an address it supplies: proposed only where a page may lead.
        for feed in feeds where !feed.mayBeFollowed(from: address, within: nil) && !(address.isFileURL && base == nil) {
            console.warning(
                "\(input) names a feed at \(ValueExcerpt(feed.absoluteString)), which is not proposed:"
                    + " a page may lead only to http and https addresses")
        }
        var candidates = SourceProposal.candidates(
            page: page, document: document, address: address, url: url, id: id, base: base,
            includeRemote: !arguments.has(InitCommand.list))
        // A feed named only by its link's title or address is fetched: a page it turns out to be is no feed.
        let typeless = Set(LinkedFeedTier.typelessFeeds(in: document).map(\.absoluteString))
        for (index, candidate) in candidates.enumerated().reversed()
        where candidate.tier == .linkedFeed && typeless.contains(candidate.proposal.url) {
            guard let feed = URL(string: candidate.proposal.url),
                case .page(let fetched)? = try? await Fetcher().fetch(feed)
            else { continue }
            if !FeedTier.looksLikeFeed(fetched.body) { candidates.remove(at: index) }
        }
        guard !candidates.isEmpty else {
            console.error(
                "found no repeated items holding links on \(input); write the source by hand (see docs/GUIDE.md)")
            return .failure
        }
        console.print("Proposals for \(input), best first:")
        for (index, candidate) in candidates.enumerated() {
            console.print("  \(index + 1). [\(candidate.tier.name)] \(Self.summary(of: candidate))")
        }
        guard pick <= candidates.count else {
            let proposals = CountText.of(candidates.count, "proposal", "proposals")
            throw UsageError("--pick \(pick): there \(candidates.count == 1 ? "is" : "are") \(proposals)")
        }
        let chosen = candidates[pick - 1]
        let proposal = chosen.proposal
        if chosen.tier == .linkedFeed {
            console.print("\(input) links a feed: \(proposal.url)")
            console.print("(--list looks for repeated lists on the page instead)")
        }
        console.print("\nProposed source:")
        console.print(proposal.json())
        if chosen.items != nil,
            let source = try proposal.configuration(in: configurationFile.deletingLastPathComponent())
        {
            let result =
                proposal.kind == .list
                ? try PageScraper(source: source).scrape(document) : try PageScraper(source: source).scrape(page)
            console.print("\nFirst items it scrapes:")
            console.write(TryCommand.table(Array(result.items.prefix(5)), source: source, of: result.items.count))
            for warning in FieldCoverage(source: source).warnings(for: result) { console.warning(warning) }
        }
        guard arguments.has(InitCommand.write) || replacing != nil else {
            console.note("add it to \(configurationFile.path) with --write (or copy it into 'sources')")
            return .success
        }
        try write(proposal, to: configurationFile, replacing: replacing)
        let done = replacing == nil ? "added source" : "rewrote source"
        console.note(
            "\(done) '\(proposal.id)' in \(configurationFile.path); 'trawl try \(proposal.id)' shows what it scrapes"
        )
        return .success
    }

    /// The page, fetched as a run would fetch it, with links resolving against `base`
    /// or the page's own address (for a saved page, its file: so root-relative links show).
    static func read(_ address: URL, base: URL?) async throws -> FetchedPage {
        guard case .page(var page) = try await Fetcher().fetch(address) else {
            throw FetchError.unreachable(address, reason: "no body")
        }
        if let base { page.url = base }
        return page
    }

    /// A proposal in a line: what it reads and, for one read from the page, its first item.
    static func summary(of candidate: ProposalCandidate) -> String {
        guard let items = candidate.items else { return candidate.label }
        let example = items.first.map { ", e.g. \"\(String($0.title.prefix(50)))\"" } ?? ""
        return "\(candidate.label)  (\(CountText.of(items.count, "item", "items"))\(example))"
    }

    /// The page as a URL: http(s) and file URLs as given, anything else a file path.
    static func pageURL(_ input: String) -> URL {
        if let url = URL(string: input), url.isFetchable { return url }
        return URL(fileURLWithPath: input).standardizedFileURL
    }

    static func write(_ proposal: SourceProposal, to file: URL, replacing: String? = nil) throws {
        let text: String
        if FileManager.default.fileExists(atPath: file.path) {
            let existing = try String(contentsOf: file, encoding: .utf8)
            do {
                if let replacing {
                    text = try ConfigurationEditor.replacing(
                        replacing, with: proposal.json(indent: 4).trimmingCharacters(in: .whitespaces), in: existing,
                        file: file)
                } else {
                    text = try ConfigurationEditor.adding(
                        proposal.json(indent: 4), id: proposal.id, to: existing, file: file)
                }
            } catch var error as ConfigurationEditor.EditError {
                // The editor says what is wrong; which flag mends it is the command's to say.
                switch error.kind {
                case .idTaken(let id):
                    error.description += "; pass --id to name this one, or --replace \(id) to rewrite it"
                case .noSuchID: error.description += "; leave out --replace to add one"
                case .other: break
                }
                throw error
            }
        } else if let replacing {
            throw UsageError("--replace \(replacing): \(file.path) does not exist")
        } else {
            text = "{\n  \"sources\": [\n\(proposal.json(indent: 4))\n  ]\n}\n"
        }
        // What is written must load: a proposal that does not is a bug, not a file to leave behind.
        _ = try ConfigurationLoader.load(Data(text.utf8), file: file)
        try Data(text.utf8).write(to: file, options: .atomic)
    }
}
