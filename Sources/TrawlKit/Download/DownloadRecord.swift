import Foundation

/// What Trawl knows about a mirrored file, kept in `Cache/sources/<id>/downloads.json`,
/// so a complete file is skipped and a partial one resumed only if it is still the same.
struct DownloadRecord: Sendable, Hashable, Codable {
    public var url: String
    public var etag: String?
    public var lastModified: String?
    /// The full size when known; a file of this size with a matching record is complete.
    public var size: Int64?
    public var complete: Bool
}
