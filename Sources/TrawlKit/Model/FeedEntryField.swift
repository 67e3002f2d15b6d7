/// The fields a feed entry's item can have: what the feed scraper fills, and what the
/// configuration checks a feed source's `idField`, `required` and the rest against. It
/// lives below both, so the configuration need not know the scrapers.
enum FeedEntryField: String, CaseIterable, Sendable {
    case title, url, date, updated, summary, author, categories, enclosure, enclosureType, enclosureLength
    case duration, episode, season, artwork

    /// Every name, in the order an item lists them.
    static let names = allCases.map(\.rawValue)
}
