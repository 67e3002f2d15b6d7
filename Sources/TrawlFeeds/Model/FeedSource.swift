import Foundation

/// The feed an entry was copied from (Atom `source`, RFC 4287 §4.2.11), so an aggregated
/// entry keeps its original title, authors and rights.
public struct FeedSource: Sendable, Equatable {
    public var id: String?
    public var title: String?
    public var link: URL?
    public var links: [FeedLink]
    public var subtitle: FeedText?
    public var rights: String?
    public var authors: [FeedPerson]
    public var contributors: [FeedPerson]
    public var updated: Date?
    public var categories: [FeedCategory]
    public var generator: FeedGenerator?
    public var icon: URL?
    public var logo: URL?

    public init(
        id: String? = nil, title: String? = nil, link: URL? = nil, links: [FeedLink] = [], subtitle: FeedText? = nil,
        rights: String? = nil, authors: [FeedPerson] = [], contributors: [FeedPerson] = [], updated: Date? = nil,
        categories: [FeedCategory] = [], generator: FeedGenerator? = nil, icon: URL? = nil, logo: URL? = nil
    ) {
        self.id = id
        self.title = title
        self.link = link
        self.links = links
        self.subtitle = subtitle
        self.rights = rights
        self.authors = authors
        self.contributors = contributors
        self.updated = updated
        self.categories = categories
        self.generator = generator
        self.icon = icon
        self.logo = logo
    }
}
