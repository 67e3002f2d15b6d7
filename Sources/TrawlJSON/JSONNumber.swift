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

    /// What `int` gives for the number text `bytes`, read without making a `String`.
    static func int(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < bytes.count else { return nil }
        // Summed as a negative number, which reaches `Int.min`.
        var value = 0
        while index < bytes.count {
            let digit = Int(bytes[index]) &- 0x30
            guard digit >= 0, digit <= 9 else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.subtractingReportingOverflow(digit)
            guard !overflow, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    /// The value as a `Double` (nearest; always there for valid text).
    public var double: Double? { Double(text) }

    public var description: String { text }
}
