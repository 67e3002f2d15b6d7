/// "Did you mean …?" for misspelt options, commands and configuration keys.
enum Suggestion {
    /// The candidate nearest to `word` by edit distance, when it is close enough to be a typo;
    /// else the one candidate that begins with `word` or that `word` begins with (`nyt` for
    /// `nyt-trending`, `integer` for `int`), three letters at least.
    static func closest(to word: String, in candidates: some Collection<String>) -> String? {
        let limit = max(2, word.count / 3)
        let lowered = word.lowercased()
        let near =
            candidates
            .map { ($0, distance(lowered, $0.lowercased())) }
            .filter { $0.1 <= limit }
            .min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
        if let near { return near }
        let prefixed = Set(
            candidates.filter { candidate in
                let other = candidate.lowercased()
                return min(other.count, lowered.count) >= 3 && (other.hasPrefix(lowered) || lowered.hasPrefix(other))
            })
        // Two that fit (`nyt-trending`, `nyt-world`) are no suggestion: neither is the one meant.
        return prefixed.count == 1 ? prefixed.first : nil
    }

    /// ` (did you mean 'x'?)` for the candidate nearest to `word`, or nothing: the one wording.
    static func hint(for word: String, in candidates: some Collection<String>) -> String {
        hint(closest(to: word, in: candidates))
    }

    /// ` (did you mean 'x'?)`, or nothing when there is no suggestion.
    static func hint(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
