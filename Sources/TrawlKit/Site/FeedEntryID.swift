import Foundation
import TrawlDates

/// The permanent id of a change's feed entry, a `tag:` URI (RFC 4151):
///
/// ```
/// tag:example.org,2026-11-30:noaa-atlantic/changed/13325/2026-11-30T04:00:12.345Z
/// tag:example.org,2026-11-30:noaa-atlantic/baseline/2026-11-30T04:00:12.345Z
/// ```
///
/// The authority is the host of `site.url` (`trawl.invalid` when there is none: Atom ids
/// must be absolute, RFC 4287 §4.2.6), the date is the day of detection, and the rest names
/// the source, the kind of change, the item (percent-encoded) and the detection time. The
/// same change always has the same id, so a reader never shows it twice; a later change to
/// the same item has a later time, so it is a new entry.
enum FeedEntryID {
    static func authority(of site: URL?) -> String {
        guard let host = site?.host?.lowercased(), !host.isEmpty,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
        else { return "trawl.invalid" }
        return host
    }

    static func id(of change: Change, authority: String) -> String {
        let stamp = DateCodec.rfc3339(change.detectedAt)
        var path = "\(encode(change.sourceID))/\(change.kind.rawValue)/"
        if change.kind != .baseline { path += "\(encode(change.itemID))/" }
        return "tag:\(authority),\(SiteDate.day(change.detectedAt)):\(path)\(stamp)"
    }

    /// The id of an item's entry (`"entries": "items"`): the same for the item's whole life,
    /// so a change updates the entry instead of adding one. The date is fixed, as the
    /// item's first day may have left the run records.
    ///
    /// ```
    /// tag:example.org,2000:sundell/item/https%3A%2F%2Fwww.swiftbysundell.com%2Fa
    /// ```
    static func id(ofItem itemID: String, in sourceID: String, authority: String) -> String {
        "tag:\(authority),2000:\(encode(sourceID))/item/\(encode(itemID))"
    }

    /// The id of a source's "stopped working" or "works again" entry.
    static func id(of event: HealthEvent, authority: String) -> String {
        let stamp = DateCodec.rfc3339(event.at)
        return "tag:\(authority),\(SiteDate.day(event.at)):\(encode(event.sourceID))/\(event.kind.rawValue)/\(stamp)"
    }

    /// The feed's own id when the site has no public URL.
    static func feedID(authority: String, path: String) -> String {
        "tag:\(authority),2000:\(path.split(separator: "/").map { encode(String($0)) }.joined(separator: "/"))"
    }

    private static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
