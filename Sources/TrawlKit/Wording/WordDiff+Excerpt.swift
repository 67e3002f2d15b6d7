import Foundation

extension WordDiff {
    /// The diff with each long run of unchanged words cut to its ends: `context` words on
    /// either side of a change are kept and the rest said as `…`, so two words changed on a
    /// page of 3,000 read as a line, as urlwatch's unified diff reads.
    func excerpted(context: Int = 8) -> WordDiff {
        // Words and the spaces between them: `context` words are twice as many tokens.
        let keep = context * 2
        var copy = self
        let last = segments.count - 1
        copy.segments = segments.enumerated().map { index, segment in
            guard segment.kind == .same else { return segment }
            let tokens = Self.tokens(segment.text)
            guard tokens.count > keep * 2 + 1 else { return segment }
            // After a change, its first words; before one, its last.
            let head = tokens.prefix(keep).joined()
            let tail = tokens.suffix(keep).joined()
            let text: String
            switch index {
            case 0: text = "… " + Self.trimmingStart(tail)
            case last: text = Self.trimmingEnd(head) + " …"
            default: text = Self.trimmingEnd(head) + " … " + Self.trimmingStart(tail)
            }
            return Segment(kind: .same, text: text)
        }
        return copy
    }

    private static func trimmingStart(_ text: String) -> String {
        String(text.drop { $0.isWhitespace })
    }

    private static func trimmingEnd(_ text: String) -> String {
        var text = text
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
