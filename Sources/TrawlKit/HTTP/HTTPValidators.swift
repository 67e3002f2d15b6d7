/// What a server said about a response's version, replayed on the next request for a 304.
public struct HTTPValidators: Sendable, Hashable, Codable {
    /// The `ETag` last sent, replayed as `If-None-Match`.
    public var etag: String?
    /// The `Last-Modified` last sent, replayed as `If-Modified-Since`.
    public var lastModified: String?

    /// Validators as a response gave them.
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// True when the server gave neither, so the next request cannot be conditional.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}
