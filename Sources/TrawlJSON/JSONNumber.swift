/// A JSON number as written: its text is kept, so an integer beyond a `Double`'s 53 bits
/// reads exactly and a number is written back as it came.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// RFC 8259 number syntax, e.g. `-12`, `0.5`, `1e-3`.
    public let text: String

    /// Trusts `text` to be RFC 8259 number syntax; the parser and the initialisers below
    /// are the only callers that make one from text.
    init(text: String) {
        self.text = text
    }

    public init(_ int: Int) {
        text = String(int)
    }

    /// The shortest text that reads back as `double`, without a trailing `.0` (as
    /// Foundation's `JSONEncoder` writes it); nil for infinities and NaN, which JSON lacks.
    public init?(_ double: Double) {
        guard double.isFinite else { return nil }
        var text = double.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        // `1e+20` and `1e-07` are Swift's; JSON allows both, so they are kept.
        self.text = text
    }

    /// The value as an `Int`, when it is a whole number that fits (`80000`, not `8e4`).
    public var int: Int? { Int(text) }

    /// The value as a `Double` (nearest; always there for valid text).
    public var double: Double? { Double(text) }

    public var description: String { text }
}
