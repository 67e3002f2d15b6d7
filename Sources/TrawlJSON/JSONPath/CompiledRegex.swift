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

    /// ICU's matcher backtracks, so `(a+)+b` on a long run of `a`s would take ages. With
    /// `.reportProgress` ICU reports progress through two callbacks: once for each position a
    /// search starts from (`uregex_setFindProgressCallback`: cheap, at most one a character)
    /// and about every 10,000 steps of matching (`uregex_setMatchCallback`). The first are
    /// free, as many as the text has positions; each report beyond them spends one tick of
    /// `budget`. Nil when the budget runs out before the answer: the caller stops the query.
    func matches(_ text: String, budget: inout Int) -> Bool? {
        guard let expression else { return false }
        let length = text.utf16.count
        let range = NSRange(location: 0, length: length)
        let allowance = length + 1 + budget
        var reports = 0
        var found = false
        expression.enumerateMatches(in: text, options: [.reportProgress], range: range) { match, flags, stop in
            if match != nil {
                found = true
                stop.pointee = true
            } else if flags.contains(.progress) {
                reports += 1
                if reports > allowance { stop.pointee = true }
            }
        }
        budget -= max(0, reports - (length + 1))
        return found || reports <= allowance ? found : nil
    }

    /// Matching ticks one query may spend on regular expressions beyond the free ones:
    /// about 20 million steps in all, as `JSONPath.maximumVisits` is 20 million nodes.
    static let tickBudget = 2_000
    static let stepsPerTick = 10_000
}
