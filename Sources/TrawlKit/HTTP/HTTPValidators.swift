/// What a server said about a response's version, replayed on the next request for a 304.
public struct HTTPValidators: Sendable, Hashable, Codable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }
}
