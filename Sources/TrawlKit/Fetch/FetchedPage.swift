import Foundation

/// A response body and what Trawl needs to know about it.
public struct FetchedPage: Sendable {
    /// The URL asked for.
    public var requestedURL: URL
    /// The URL the body came from, after redirects; relative links resolve against it.
    public var url: URL
    /// The final HTTP status (200 for a file).
    public var status: Int
    /// The body as received (not decoded).
    public var body: Data
    /// The `Content-Type` field, when sent.
    public var contentType: String?
    /// The ETag and Last-Modified to send next time.
    public var validators: HTTPValidators

    /// A page as the fetcher returns it.
    public init(
        requestedURL: URL, url: URL, status: Int = 200, body: Data, contentType: String? = nil,
        validators: HTTPValidators = HTTPValidators()
    ) {
        self.requestedURL = requestedURL
        self.url = url
        self.status = status
        self.body = body
        self.contentType = contentType
        self.validators = validators
    }
}

/// What one fetch came to.
public enum FetchResult: Sendable {
    /// The page's body and what came with it.
    case page(FetchedPage)
    /// The server answered 304: the copy Trawl already has is current.
    case notModified(URL)
}
