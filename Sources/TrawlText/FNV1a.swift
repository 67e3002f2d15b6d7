import Foundation

/// 64-bit FNV-1a: a hash that is the same in every process and on every machine, unlike
/// Swift's `Hasher`, which is seeded afresh per process. Shards, the generation manifest's
/// file name, the journal's snapshot digests and the site's input digests are FNV-1a values
/// kept on disk, so this is the one place it is written and its values never change.
package struct FNV1a: Sendable, Equatable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    package init() {}

    package mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    package mutating func add(_ text: String) {
        // A native string hands over its bytes at once; walking `utf8` an index at a time cost
        // the keys and digests of a quiet night of 2,000 sources more than the hashing.
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { add(byte) }
    }

    package mutating func add(_ data: Data) {
        data.withUnsafeBytes { add($0) }
    }

    /// The hash of a text's UTF-8 bytes.
    package static func hash(_ text: String) -> UInt64 {
        var hash = FNV1a()
        hash.add(text)
        return hash.value
    }

    /// Lowercase hex without leading zeros (`89c4307b54596b7`), as the names on disk have it.
    package var hex: String { String(value, radix: 16) }

    /// Lowercase hex, always sixteen digits (`089c4307b54596b7`).
    package var paddedHex: String {
        let digits = hex
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
