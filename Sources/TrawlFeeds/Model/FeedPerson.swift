import Foundation

/// An author or contributor (Atom person construct, RFC 4287 §3.2; RSS `author`, `dc:creator`).
public struct FeedPerson: Sendable, Equatable {
    public var name: String?
    public var email: String?
    public var uri: URL?

    public init(name: String? = nil, email: String? = nil, uri: URL? = nil) {
        self.name = name
        self.email = email
        self.uri = uri
    }

    /// `Name (email)`, the one-line form feedparser calls `author`.
    public var displayName: String? {
        switch (name, email) {
        case let (name?, email?): "\(name) (\(email))"
        case let (name?, nil): name
        case let (nil, email?): email
        case (nil, nil): nil
        }
    }
}
