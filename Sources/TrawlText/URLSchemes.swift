import Foundation

/// The one list of URL schemes, by what Trawl may do with an address: reach it on the web,
/// read it (fetch a page or feed, download a file), or publish it as a link.
///
/// Everything else — `javascript:`, `data:`, `vbscript:`, `ftp:` — is never fetched and
/// never becomes a link, however it is spelled (schemes compare without case).
public enum URLSchemes {
    /// The web: where a redirect may lead, a webhook is posted, the site is served from.
    public static let web: Set<String> = ["http", "https"]
    /// What a page, feed or file may be read from: the web and local files.
    public static let fetchable: Set<String> = web.union(["file"])
    /// What a page, digest, feed or notification may link to: the web and mail.
    public static let publishable: Set<String> = web.union(["mailto"])

    /// Whether a link target as written (in Markdown, say) may be published: a relative
    /// reference, which stays on the site, or a `publishable` scheme.
    ///
    /// A reference has a scheme when a colon comes before any `/`, `?` or `#` (RFC 3986 §4.2).
    public static func isPublishable(reference: String) -> Bool {
        let scheme = reference.prefix { $0 != ":" }
        guard scheme.count < reference.count, !scheme.contains(where: { "/?#".contains($0) }) else { return true }
        return publishable.contains(scheme.lowercased())
    }
}

extension URL {
    /// `http` or `https` (any case): an address on the web.
    public var isWebAddress: Bool { hasScheme(in: URLSchemes.web) }

    /// `http`, `https` or `file`: an address Trawl may fetch a page or feed from or download.
    public var isFetchable: Bool { hasScheme(in: URLSchemes.fetchable) }

    /// `http`, `https` or `mailto`: an address a published page, digest or feed may link to.
    public var isPublishableLink: Bool { hasScheme(in: URLSchemes.publishable) }

    /// Whether Trawl may fetch this address because the document at `page` names it: a next
    /// page, a redirect's `Location`, a feed a page advertises, a file to download. The one
    /// rule for every address Trawl did not get from its user.
    ///
    /// The web always; a `file:` address only when `page` is itself a local file and the
    /// address stays inside `localFolder` (symbolic links resolved), so that a page on the web,
    /// or a saved page, can never make Trawl read `/etc/passwd` or `/proc/self/environ`.
    /// Only the address the user configured may be any local file.
    public func mayBeFollowed(from page: URL, within localFolder: URL?) -> Bool {
        if isWebAddress { return true }
        guard hasScheme(in: ["file"]), page.hasScheme(in: ["file"]), let localFolder else { return false }
        let folder = localFolder.standardizedFileURL.resolvingSymlinksInPath().path
        let target = standardizedFileURL.resolvingSymlinksInPath().path
        return target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    private func hasScheme(in schemes: Set<String>) -> Bool {
        guard let scheme else { return false }
        return schemes.contains(scheme.lowercased())
    }
}
