import Foundation

/// A notification cut to fit a chat service's size limit: its first lines kept (changes in
/// order, then failures), the counts and subject still of the whole run, and a last line
/// saying how many were left out and where the rest is (the day's digest, else the site).
extension RunNotification {
    /// The changes and failures it tells, in the order it tells them.
    var lineCount: Int { sources.reduce(0) { $0 + $1.changes.count } + failures.count }

    /// The first `count` changes and failures; the rest counted in `omitted`.
    func prefix(_ count: Int) -> RunNotification {
        var cut = self
        var left = max(0, count)
        cut.sources = []
        for var source in sources {
            guard left > 0 else { break }
            source.changes = Array(source.changes.prefix(left))
            left -= source.changes.count
            cut.sources.append(source)
        }
        cut.failures = Array(failures.prefix(left))
        cut.omitted = omitted + lineCount - cut.lineCount
        return cut
    }

    /// The longest prefix whose rendering `fits`, by bisection over the number of lines (a
    /// few renderings, however many changes). Nil when not even the subject alone fits.
    func shortened(toFit fits: (RunNotification) -> Bool) -> RunNotification? {
        if fits(self) { return self }
        var low = 0
        var high = lineCount - 1
        guard fits(prefix(0)) else { return nil }
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(prefix(middle)) { low = middle } else { high = middle - 1 }
        }
        return prefix(low)
    }

    /// `… and 412 more` when lines were left out.
    var omittedText: String? {
        omitted > 0 ? "… and \(CountText.of(omitted, "more", "more"))" : nil
    }

    /// Where the whole run can be read.
    var readAll: String? { digest ?? site }
}
