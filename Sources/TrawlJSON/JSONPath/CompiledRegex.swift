import Foundation

/// An I-Regexp compiled once for `match` (the whole string) or `search` (a substring);
/// `expression` is nil when the pattern is not a valid I-Regexp, which matches nothing
/// (RFC 9535 §2.4.6: the result is then LogicalFalse).
final class CompiledRegex: @unchecked Sendable {
    // `NSRegularExpression` is immutable and documented as safe to share between threads.
    private let expression: NSRegularExpression?

    init(iRegexp pattern: String, whole: Bool) {
        guard let translated = IRegexp.translate(pattern) else {
            expression = nil
            return
        }
        let anchored = whole ? "\\A(?:" + translated + ")\\z" : translated
        expression = try? NSRegularExpression(pattern: anchored, options: [])
    }

    func matches(_ text: String) -> Bool {
        guard let expression else { return false }
        let range = NSRange(location: 0, length: text.utf16.count)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }
}
