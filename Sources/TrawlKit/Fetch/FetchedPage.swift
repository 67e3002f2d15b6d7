import Foundation

/// A response body and what Trawl needs to know about it.
public struct FetchedPage: Sendable {
    /// The URL asked for.
    public var requestedURL: URL
    /// The URL the body came from, after redirects; relative links resolve against it.
    public var url: URL
    public var status: Int
    public var body: Data
    public var contentType: String?
    public var validators: HTTPValidators

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
    case page(FetchedPage)
    /// The server answered 304: the copy Trawl already has is current.
    case notModified(URL)
}
