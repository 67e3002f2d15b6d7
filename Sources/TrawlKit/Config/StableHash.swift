import Foundation

/// A short hash of a text that is the same in every process and on every machine (FNV-1a,
/// 64 bits, in hex): Swift's own `Hasher` is seeded per process, so it cannot name things
/// kept on disk.
enum StableHash {
    static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
