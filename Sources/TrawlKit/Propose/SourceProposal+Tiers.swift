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
        // Only lists whose items read alike (a title and a link found the same way in each),
        // until `limit` of them are proposed.
        var heuristic = 0
        ListFinder(document: document).forEachCandidate(limit: 20) { candidate in
            guard let fields = FieldFinder(members: candidate.members).propose() else { return true }
            let proposal = SourceProposal(
                id: id, url: url, base: base?.absoluteString, kind: .list, items: candidate.items, fields: fields)
            if let verified = verified(proposal, tier: .heuristics, page: page, document: document) {
                found.append(verified)
                heuristic += 1
            }
            return heuristic < limit
        }
        return found
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
            label: proposal.items ?? CountText.of(items.count, "item", "items"))
    }
}
