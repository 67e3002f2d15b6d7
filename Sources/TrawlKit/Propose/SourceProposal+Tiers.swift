import Foundation
import TrawlHTML

extension SourceProposal {
    /// What `init --from` can propose for a page, best tier first: the page as a feed; the
    /// feeds it links; its JSON-LD, microdata and microformats; its script state; a
    /// WordPress API it links; then the repeated structures the heuristics find. A
    /// proposal read from the page itself is kept only if it scrapes at least three items
    /// there (a heuristic list is kept regardless), and carries them.
    ///
    /// `page` is the page as fetched (its `url` the base links resolve against); `address`
    /// where it came from, for the rule on where it may lead; `url` the source's `url` as
    /// it will be written.
    ///
    /// `document` is the page already parsed, if the caller has it (the page is parsed once).
    static func candidates(
        page: FetchedPage, document parsed: Document? = nil, address: URL, url: String, id: String, base: URL?,
        includeRemote: Bool = true, limit: Int = 8
    ) -> [ProposalCandidate] {
        if let feed = FeedTier.candidate(for: page, url: url, id: id) { return [feed] }
        let document = parsed ?? Document.parseHTML(page.body, url: page.url, contentType: page.contentType)
        var found: [ProposalCandidate] = []
        if includeRemote { found += LinkedFeedTier.candidates(in: document, address: address, id: id) }

        let onPage: [(ProposalTier, [SourceProposal])] = [
            (.structuredData, StructuredDataTier.candidates(in: document)),
            (.microdata, MarkupVocabularyTier.microdata(in: document)),
            (.microformats, MarkupVocabularyTier.microformats(in: document)),
            (.appState, AppStateTier.candidates(in: document)),
        ]
        for (tier, proposals) in onPage {
            for var proposal in proposals {
                proposal.id = id
                proposal.url = url
                proposal.base = base?.absoluteString
                if let candidate = verified(proposal, tier: tier, page: page, document: document) {
                    found.append(candidate)
                }
            }
        }
        if includeRemote, let api = WordPressTier.candidate(in: document, address: address, id: id) {
            found.append(api)
        }
        // Only lists whose items read alike (a title and a link found the same way in each).
        let lists = ListFinder(document: document).candidates(limit: 20).compactMap { candidate in
            candidate.fields.map { (candidate, $0) }
        }
        var heuristic = 0
        for (candidate, fields) in lists where heuristic < limit {
            var proposal = SourceProposal(
                id: id, url: url, base: base?.absoluteString, kind: .list, items: candidate.items, fields: fields)
            // Rows of a table with a header row: a `table` source, its columns by their labels.
            if let table = tableFields(for: candidate.members) {
                var tabled = proposal
                tabled.kind = .table
                tabled.items = nil
                tabled.table = table
                if let verified = verified(tabled, tier: .heuristics, page: page, document: document),
                    (verified.items?.count ?? 0) >= 3
                {
                    proposal = tabled
                }
            }
            if let verified = verified(proposal, tier: .heuristics, page: page, document: document) {
                found.append(verified)
                heuristic += 1
            }
        }
        return found
    }

    /// The header and title column of table rows, when their table has a header row.
    private static func tableFields(for members: [Node]) -> TableFields? {
        guard let row = members.first, row.tag == "tr", let header = TableHeader.of(row: row),
            let title = ItemTitle.find(in: row), let column = header.column(of: title.link, in: row)
        else { return nil }
        return TableFields(header: header.header, titleColumn: column)
    }

    /// The proposal with what it scrapes from the page, if that is at least three items.
    private static func verified(
        _ proposal: SourceProposal, tier: ProposalTier, page: FetchedPage, document: Document
    ) -> ProposalCandidate? {
        guard let source = try? proposal.configuration(in: URL(fileURLWithPath: "/")) else { return nil }
        let scraper = PageScraper(source: source)
        let result: ScrapeResult?
        switch source.kind {
        case .list, .table: result = try? scraper.scrape(document)
        default: result = try? scraper.scrape(page)
        }
        // The heuristics' lists are kept as found (on a saved page without a base their
        // root-relative links cannot resolve, so they may scrape nothing yet).
        let items = result?.items ?? []
        guard items.count >= 3 || tier == .heuristics else { return nil }
        return ProposalCandidate(
            tier: tier, proposal: proposal, items: items,
            label: proposal.table.map { "table headed " + $0.header.joined(separator: ", ") } ?? proposal.items
                ?? CountText.of(items.count, "item", "items"))
    }
}
