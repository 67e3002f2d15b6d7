/// Where and why a JSON text stops being well formed.
///
/// `isTruncated` tells a text that simply ends too early (a cache file cut short by a
/// full disk) from one with a wrong byte in it (`found`, at `position`).
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    public var position: JSONPosition
    /// True when the text ends inside a value; `position` is then the end of the text.
    public var isTruncated: Bool
    /// The byte that cannot stand at `position`; nil when the text ended.
    public var found: UInt8?
    /// What could have stood there: `"':'"`, `"a value"`, …
    public var expected: String
    /// The problem in a sentence, for people: `expected a key in double quotes`.
    public var message: String

    public init(position: JSONPosition, isTruncated: Bool, found: UInt8?, expected: String, message: String) {
        self.position = position
        self.isTruncated = isTruncated
        self.found = found
        self.expected = expected
        self.message = message
    }

    public var description: String { "\(position): \(message)" }

    /// A byte as a message quotes it: `'='` when printable, else `byte 0x00`.
    public static func describe(_ byte: UInt8) -> String {
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count < 2 ? "0" + hex : hex)"
    }
}
