/// A value an application cannot do without, checked with `Feed.require(_:)`.
///
/// Feeds in the wild omit elements their format requires, and readers differ in what
/// they need: a podcast app needs artwork and an enclosure on every episode, a news
/// reader only titles. The parser reads what is there; the application says what it needs.
public enum FeedRequirement: Sendable, Hashable, CaseIterable {
    case title, link, description, image, author, iTunesOwner
    case entryTitle, entryID, entryLink, entryEnclosure
}

extension Feed {
    /// Checks that the feed has every required value.
    /// - Throws: `FeedError.missingElement` naming the first missing element as this
    ///   format spells it, and its parent (`item 3` for the third item).
    public func require(_ requirements: FeedRequirement...) throws {
        for requirement in requirements {
            try require(requirement)
        }
    }

    private func require(_ requirement: FeedRequirement) throws {
        let channel = format.isAtom ? "feed" : format.isJSON ? "feed object" : "channel"
        func missing(_ name: String, in parent: String = channel) -> FeedError {
            FeedError.missingElement(name: name, parent: parent)
        }
        switch requirement {
        case .title:
            if title?.isEmpty ?? true { throw missing("title") }
        case .link:
            if link == nil {
                throw missing(format.isJSON ? "home_page_url" : format.isAtom ? "link rel=\"alternate\"" : "link")
            }
        case .description:
            if subtitle?.value.isEmpty ?? true { throw missing(format.isAtom ? "subtitle" : "description") }
        case .image:
            if image == nil && iTunes?.image == nil {
                throw missing(format.isAtom ? "logo" : format.isJSON ? "icon" : "image")
            }
        case .author:
            if authors.isEmpty && iTunes?.author == nil {
                throw missing(format.isAtom ? "author" : format.isJSON ? "authors" : "itunes:author")
            }
        case .iTunesOwner:
            if iTunes?.owner == nil { throw missing("itunes:owner") }
        case .entryTitle, .entryID, .entryLink, .entryEnclosure:
            let item = format.isAtom ? "entry" : "item"
            for (index, entry) in entries.enumerated() {
                let parent = "\(item) \(index + 1)"
                switch requirement {
                case .entryTitle where entry.title?.isEmpty ?? true:
                    throw missing("title", in: parent)
                case .entryID where entry.id == nil:
                    throw missing(format.isAtom || format.isJSON ? "id" : "guid", in: parent)
                case .entryLink where entry.link == nil:
                    throw missing(format.isJSON ? "url" : "link", in: parent)
                case .entryEnclosure where entry.enclosures.isEmpty:
                    throw missing(
                        format.isAtom ? "link rel=\"enclosure\"" : format.isJSON ? "attachments" : "enclosure",
                        in: parent)
                default:
                    continue
                }
            }
        }
    }
}
