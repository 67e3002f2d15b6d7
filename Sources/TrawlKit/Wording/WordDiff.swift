import Foundation

/// The words that changed between two texts: Myers' O(ND) difference algorithm (Myers 1986,
/// "An O(ND) Difference Algorithm and Its Variations") over words and the spaces between
/// them, so "the quick fox" → "the slow fox" reads as one struck word and one new one.
///
/// Bounded: texts of more than `maxTokens` words, or that differ in more than `maxEdits`
/// places, give no word diff (`nil`), and the caller shows old → new whole, since a
/// rewrite shown word by word is harder to read than the two versions.
struct WordDiff: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case same
        case removed
        case inserted
    }

    struct Segment: Sendable, Equatable {
        var kind: Kind
        var text: String
    }

    static let maxTokens = 4_000
    static let maxEdits = 200

    var segments: [Segment]

    /// The word diff from `old` to `new`, or nil when it would not help a reader: too
    /// long, too different, or nothing left in common.
    init?(from old: String, to new: String, maxTokens: Int = WordDiff.maxTokens) {
        let before = Self.tokens(old)
        let after = Self.tokens(new)
        guard before.count + after.count <= maxTokens,
            let script = Self.editScript(before, after, maxEdits: Self.maxEdits)
        else { return nil }
        var segments: [Segment] = []
        for (kind, token) in script {
            if let last = segments.last, last.kind == kind {
                segments[segments.count - 1].text += token
            } else {
                segments.append(Segment(kind: kind, text: token))
            }
        }
        // Nothing but spaces in common: a rewrite, not an edit.
        let common = segments.filter { $0.kind == .same }.map(\.text).joined()
        guard common.contains(where: { !$0.isWhitespace }) else { return nil }
        self.segments = Self.joiningNearbyChanges(segments)
    }

    /// Changed words separated only by spaces read as one change: "~~in memory~~ **on
    /// disk**" rather than "~~in~~ **on** ~~memory~~ **disk**".
    static func joiningNearbyChanges(_ segments: [Segment]) -> [Segment] {
        var result: [Segment] = []
        var index = 0
        while index < segments.count {
            guard segments[index].kind != .same else {
                result.append(segments[index])
                index += 1
                continue
            }
            var removed = ""
            var inserted = ""
            var end = index
            while end < segments.count {
                let segment = segments[end]
                if segment.kind == .same {
                    let spaceOnly = segment.text.allSatisfy(\.isWhitespace)
                    guard spaceOnly, end + 1 < segments.count, segments[end + 1].kind != .same else { break }
                    removed += segment.text
                    inserted += segment.text
                } else if segment.kind == .removed {
                    removed += segment.text
                } else {
                    inserted += segment.text
                }
                end += 1
            }
            if !removed.isEmpty { result.append(Segment(kind: .removed, text: removed)) }
            if !inserted.isEmpty { result.append(Segment(kind: .inserted, text: inserted)) }
            index = end
        }
        return result
    }

    /// Words and the runs of white space between them, in order; joined they give `text`.
    static func tokens(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiTokens(text) }
        var tokens: [String] = []
        var current = ""
        var inSpace = false
        for character in text {
            let space = character.isWhitespace
            if !current.isEmpty, space != inSpace {
                tokens.append(current)
                current = ""
            }
            inSpace = space
            current.append(character)
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// `tokens(_:)` for ASCII text, on its bytes: no grapheme breaking, and white space is
    /// what `Character.isWhitespace` says of ASCII (tab to carriage return, and space).
    private static func asciiTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        var inSpace = false
        while index != utf8.endIndex {
            let byte = utf8[index]
            let space = byte == 0x20 || (0x09...0x0D).contains(byte)
            if index != start, space != inSpace {
                tokens.append(String(text[start..<index]))
                start = index
            }
            inSpace = space
            utf8.formIndex(after: &index)
        }
        if start != utf8.endIndex { tokens.append(String(text[start..<utf8.endIndex])) }
        return tokens
    }

    /// The shortest edit script from `a` to `b` as (kind, token) pairs, or nil when it needs
    /// more than `maxEdits` insertions and deletions.
    static func editScript(_ a: [String], _ b: [String], maxEdits: Int) -> [(Kind, String)]? {
        let n = a.count
        let m = b.count
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...limit {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                    x = frontier[offset + k + 1]
                } else {
                    x = frontier[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else { return nil }
        // Walk back through the frontiers to recover the path.
        var script: [(Kind, String)] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let previous = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && previous[offset + k - 1] < previous[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : previous[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                script.append((.same, a[x]))
            }
            guard d > 0 else { break }
            if x == previousX {
                y -= 1
                script.append((.inserted, b[y]))
            } else {
                x -= 1
                script.append((.removed, a[x]))
            }
        }
        return script.reversed()
    }

    /// `text` split into its leading white space, the rest, and its trailing white space:
    /// markup goes around the words only (GFM strikethrough must not end in a space).
    static func trimmed(_ text: String) -> (leading: String, core: String, trailing: String) {
        let core = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !core.isEmpty, let range = text.range(of: core) else { return (text, "", "") }
        return (String(text[..<range.lowerBound]), core, String(text[range.upperBound...]))
    }

    /// The diff as HTML: removed words in `<del>`, inserted ones in `<ins>`, all escaped.
    var html: String {
        segments.map { segment in
            let (leading, core, trailing) = Self.trimmed(segment.text)
            switch segment.kind {
            case .same: return SafeText.html(segment.text)
            case .removed: return SafeText.html(leading) + "<del>\(SafeText.html(core))</del>" + SafeText.html(trailing)
            case .inserted:
                return SafeText.html(leading) + "<ins>\(SafeText.html(core))</ins>" + SafeText.html(trailing)
            }
        }.joined()
    }

    /// The diff as plain text, readable where markup is lost (a feed reader that drops
    /// `<ins>`, a chat message, a terminal): removed words as `[-old-]`, inserted ones as
    /// `{+new+}`, as `git diff --word-diff=plain` and urlwatch show them.
    var plainText: String {
        segments.indices.map { index in
            let segment = segments[index]
            let (leading, core, trailing) = Self.trimmed(segment.text)
            switch segment.kind {
            case .same: return segment.text
            case .removed:
                return core.isEmpty
                    ? segment.text
                    : leading + "[-\(core)-]" + trailing + (trailing.isEmpty ? separator(after: index) : "")
            case .inserted: return core.isEmpty ? segment.text : leading + "{+\(core)+}" + trailing
            }
        }.joined()
    }

    /// A space between struck words and the words that replace them, so they read apart.
    private func separator(after index: Int) -> String {
        index + 1 < segments.count && segments[index + 1].kind == .inserted ? " " : ""
    }

    /// The diff as HTML that still reads when a reader drops the markup: the `<del>` and
    /// `<ins>` hold the plain text's `[-old-]` and `{+new+}`, so the words say which is which.
    var markedHTML: String {
        segments.indices.map { index in
            let segment = segments[index]
            let (leading, core, trailing) = Self.trimmed(segment.text)
            switch segment.kind {
            case .same: return SafeText.html(segment.text)
            case .removed:
                return SafeText.html(leading) + "<del>[-\(SafeText.html(core))-]</del>" + SafeText.html(trailing)
                    + (trailing.isEmpty ? separator(after: index) : "")
            case .inserted:
                return SafeText.html(leading) + "<ins>{+\(SafeText.html(core))+}</ins>" + SafeText.html(trailing)
            }
        }.joined()
    }

    /// The diff as Markdown: removed words ~~struck~~, inserted ones **bold**; `escape`
    /// makes each piece of text read as text.
    func markdown(escape: (String) -> String) -> String {
        segments.map { segment in
            let (leading, core, trailing) = Self.trimmed(segment.text)
            let before = leading.isEmpty ? "" : " "
            let after = trailing.isEmpty ? "" : " "
            guard !core.isEmpty else { return before }
            switch segment.kind {
            case .same: return before + escape(core) + after
            case .removed: return before + "~~\(escape(core))~~" + after
            case .inserted: return before + "**\(escape(core))**" + after
            }
        }.joined()
    }
}
