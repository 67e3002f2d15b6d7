import Foundation

/// Writes a `FeedDocument` as Atom 1.0 (RFC 4287) that the W3C feed validator accepts.
///
/// The output is a pure function of the document: no clock, no sorting, no randomness,
/// so an unchanged feed is byte-identical and keeps its HTTP validators.
public struct AtomWriter: Sendable {
    public init() {}

    /// The feed as UTF-8 Atom XML, ending in a newline.
    public func write(_ document: FeedDocument) -> Data {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<feed xmlns=\"http://www.w3.org/2005/Atom\""
        if let language = document.language?.trimmed, !language.isEmpty {
            out += " xml:lang=\"\(language.xmlEscaped)\""
        }
        out += ">\n"
        // RFC 4287 §4.1.1: id, title and updated are required.
        element("id", FeedIdentifier.atom(document.id), indent: 1, into: &out)
        text("title", .text(document.title), indent: 1, into: &out)
        if let subtitle = document.subtitle, !subtitle.isEmpty {
            text("subtitle", .text(subtitle), indent: 1, into: &out)
        }
        element("updated", FeedDate.rfc3339(document.updated), indent: 1, into: &out)
        if let url = document.selfURL {
            link(url, rel: "self", type: "application/atom+xml", indent: 1, into: &out)
        }
        if let url = document.alternateURL {
            link(url, rel: "alternate", type: "text/html", indent: 1, into: &out)
        }
        // §4.1.1: a feed needs an author unless every entry has its own.
        var authors = document.authors.filter(\.hasName)
        if authors.isEmpty
            && (document.entries.isEmpty || document.entries.contains { !$0.authors.contains(where: \.hasName) })
        {
            authors = [FeedDocument.Person(name: document.title.trimmed.isEmpty ? "Unknown" : document.title)]
        }
        for author in authors { person("author", author, indent: 1, into: &out) }
        if let generator = document.generator, !generator.isEmpty {
            element("generator", generator, indent: 1, into: &out)
        }
        if let icon = document.icon?.absoluteIRI {
            element("icon", icon, indent: 1, into: &out)
        }
        for entry in document.entries {
            write(entry, into: &out)
        }
        out += "</feed>\n"
        return Data(out.utf8)
    }

    private func write(_ entry: FeedDocument.Entry, into out: inout String) {
        out += "  <entry>\n"
        element("id", FeedIdentifier.atom(entry.id), indent: 2, into: &out)
        text("title", .text(entry.title), indent: 2, into: &out)
        element("updated", FeedDate.rfc3339(entry.updated), indent: 2, into: &out)
        if let published = entry.published {
            element("published", FeedDate.rfc3339(published), indent: 2, into: &out)
        }
        if let url = entry.link {
            link(url, rel: "alternate", type: "text/html", indent: 2, into: &out)
        }
        for enclosure in entry.enclosures {
            guard let href = enclosure.url.absoluteIRI else { continue }
            var attributes =
                "rel=\"enclosure\" type=\"\(FeedIdentifier.mediaType(enclosure.type).xmlEscaped)\" href=\"\(href.xmlEscaped)\""
            if let length = enclosure.length, length >= 0 { attributes += " length=\"\(length)\"" }
            if let title = enclosure.title, !title.isEmpty { attributes += " title=\"\(title.xmlEscaped)\"" }
            out += "    <link \(attributes)/>\n"
        }
        for author in entry.authors where author.hasName { person("author", author, indent: 2, into: &out) }
        for category in entry.categories where !category.trimmed.isEmpty {
            out += "    <category term=\"\(category.xmlEscaped)\"/>\n"
        }
        if let summary = entry.summary {
            text("summary", summary, indent: 2, into: &out)
        }
        if let content = entry.content {
            text("content", content, indent: 2, into: &out)
        } else if entry.link?.absoluteIRI == nil {
            // §4.1.1.3: an entry with neither content nor an alternate link is invalid.
            text("content", entry.summary ?? .text(""), indent: 2, into: &out)
        }
        out += "  </entry>\n"
    }

    /// A text construct (§3.1). Plain text that looks like markup is written as escaped
    /// HTML instead, which means the same and spares readers (and the validator) a guess.
    private func text(_ name: String, _ value: FeedDocument.Text, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        // Judge by what will be written: dropping a control character can make `<\u{1}b` a tag.
        switch value {
        case .text(let plain) where plain.xmlCharactersOnly.looksLikeMarkup:
            out += "\(pad)<\(name) type=\"html\">\(plain.xmlEscaped.xmlEscaped)</\(name)>\n"
        case .text(let plain):
            out += "\(pad)<\(name)>\(plain.xmlEscaped)</\(name)>\n"
        case .html(let html):
            out += "\(pad)<\(name) type=\"html\">\(html.xmlEscaped)</\(name)>\n"
        }
    }

    private func element(_ name: String, _ value: String, indent: Int, into out: inout String) {
        out += String(repeating: "  ", count: indent) + "<\(name)>\(value.xmlEscaped)</\(name)>\n"
    }

    /// A link (§4.2.7); one whose address is not absolute is left out, since `href` must be an IRI.
    private func link(_ url: URL, rel: String, type: String, indent: Int, into out: inout String) {
        guard let href = url.absoluteIRI else { return }
        out +=
            String(repeating: "  ", count: indent)
            + "<link rel=\"\(rel)\" type=\"\(type)\" href=\"\(href.xmlEscaped)\"/>\n"
    }

    private func person(_ name: String, _ person: FeedDocument.Person, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        out += "\(pad)<\(name)>\n"
        element("name", person.name, indent: indent + 1, into: &out)
        if let email = person.email, FeedIdentifier.isEmailAddress(email) {
            element("email", email, indent: indent + 1, into: &out)
        }
        if let uri = person.uri?.absoluteIRI {
            element("uri", uri, indent: indent + 1, into: &out)
        }
        out += "\(pad)</\(name)>\n"
    }
}

extension FeedDocument.Person {
    /// Atom requires a non-empty name in a person construct (§3.2.1).
    var hasName: Bool { !name.trimmed.isEmpty }
}

extension URL {
    /// The address as an absolute IRI, or nil for a relative reference, which Atom's
    /// `href`, `uri` and `icon` do not allow.
    var absoluteIRI: String? {
        let text = absoluteString
        guard let scheme, !scheme.isEmpty, text.hasPrefix(scheme + ":") else { return nil }
        return text
    }
}
