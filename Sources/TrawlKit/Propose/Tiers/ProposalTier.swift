import Foundation

/// Where a proposal came from, best first: what the page says outright about its items
/// ranks above what the heuristics guess from its layout.
enum ProposalTier: Int, CaseIterable, Comparable {
    /// The page is itself a feed (RSS, Atom, JSON Feed).
    case feed
    /// The page links a feed (`<link rel="alternate">`).
    case linkedFeed
    /// JSON-LD: an `ItemList` or repeated articles, events, products.
    case structuredData
    /// Microdata: repeated `itemscope` items of one type.
    case microdata
    /// Microformats: `h-entry` (or the older `hentry`) items.
    case microformats
    /// The JSON state a script-built page carries (`__NEXT_DATA__`).
    case appState
    /// The WordPress REST API the page links (`rel="https://api.w.org/"`).
    case wordpressAPI
    /// Repeated structures found by `ListFinder` and `FieldFinder`.
    case heuristics

    static func < (lhs: ProposalTier, rhs: ProposalTier) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The tier as `init --from` names it.
    var name: String {
        switch self {
        case .feed: return "the page is a feed"
        case .linkedFeed: return "a feed the page links"
        case .structuredData: return "JSON-LD"
        case .microdata: return "microdata"
        case .microformats: return "microformats"
        case .appState: return "the page's script state"
        case .wordpressAPI: return "the WordPress REST API"
        case .heuristics: return "repeated structure"
        }
    }

    /// Whether the proposed source is read elsewhere (a feed, an API), so the page alone
    /// cannot show its items.
    var isRemote: Bool { self == .linkedFeed || self == .wordpressAPI }
}

/// One proposal with the tier that made it and, for a source read from the page itself,
/// the items it scrapes there.
struct ProposalCandidate {
    var tier: ProposalTier
    var proposal: SourceProposal
    /// What the proposal scrapes from the page; nil for a source read elsewhere.
    var items: [Item]?
    /// A few words on what was found ("3 MusicEvent objects", a selector).
    var label: String
}
