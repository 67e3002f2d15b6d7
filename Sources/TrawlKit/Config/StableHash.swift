import Foundation
import TrawlText

/// A short hash of a text that is the same in every process and on every machine (TrawlText's
/// FNV-1a, in hex without leading zeros): Swift's own `Hasher` is seeded per process, so it
/// cannot name things kept on disk.
enum StableHash {
    static func of(_ text: String) -> String {
        var hash = FNV1a()
        hash.add(text)
        return hash.hex
    }
}
