@testable import TrawlKit

// Tests write an error they do not classify as its text: `error: "HTTP 503"`.
extension OutcomeError: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) {
        self.init(text: text)
    }
}
