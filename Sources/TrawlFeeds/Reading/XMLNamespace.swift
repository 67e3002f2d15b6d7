/// The namespaces a feed reader cares about, recognised by URI (with the variants seen in
/// the wild) or, for an undeclared prefix in a recovered document, by the usual prefix.
enum XMLNamespace: Int, Equatable {
    case none, atom10, atom03, rss10, rss090, rss09x, rdf, dc, dcterms, content, iTunes, media, podcast, xhtml, xml,
        other

    init(uri: String) {
        switch uri {
        case "http://www.w3.org/2005/Atom": self = .atom10
        case "http://purl.org/atom/ns#": self = .atom03
        case "http://purl.org/rss/1.0/": self = .rss10
        case "http://my.netscape.com/rdf/simple/0.9/": self = .rss090
        case "http://backend.userland.com/rss2", "http://backend.userland.com/rss",
            "http://blogs.law.harvard.edu/tech/rss":
            self = .rss09x
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns#": self = .rdf
        case "http://purl.org/dc/elements/1.1/", "http://purl.org/dc/elements/1.0/": self = .dc
        case "http://purl.org/dc/terms/": self = .dcterms
        case "http://purl.org/rss/1.0/modules/content/": self = .content
        case "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss", "http://video.search.yahoo.com/mrss",
            "http://video.search.yahoo.com/mrss/":
            self = .media
        case "https://podcastindex.org/namespace/1.0",
            "https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md":
            self = .podcast
        case "http://www.w3.org/1999/xhtml": self = .xhtml
        case "http://www.w3.org/XML/1998/namespace": self = .xml
        default:
            let lowered = uri.lowercased()
            if lowered.hasPrefix("http://www.itunes.com/dtds/podcast-1.0.dtd")
                || lowered.hasPrefix("https://www.itunes.com/dtds/podcast-1.0.dtd")
            {
                self = .iTunes
            } else if lowered == "http://www.w3.org/2005/atom" {
                self = .atom10
            } else {
                self = .other
            }
        }
    }

    /// The namespace an undeclared prefix most likely means (feedparser does the same).
    init(prefix: String) {
        switch prefix {
        case "dc": self = .dc
        case "dcterms": self = .dcterms
        case "content": self = .content
        case "itunes": self = .iTunes
        case "media": self = .media
        case "podcast": self = .podcast
        case "atom": self = .atom10
        case "rdf": self = .rdf
        default: self = .other
        }
    }
}
