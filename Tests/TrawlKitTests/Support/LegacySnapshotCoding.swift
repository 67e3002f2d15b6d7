import Foundation
import TrawlDates

@testable import TrawlKit

/// Schema version 1 snapshots were `Snapshot`'s `Codable` form, pretty with sorted keys and
/// RFC 3339 dates. Trawl no longer writes or decodes through `Codable`; the migration tests
/// make and read version-1 files with the coders Trawl 0.1 used.
extension CacheStore {
    /// Pretty-printed with sorted keys and RFC 3339 dates, so a cache kept in git diffs cleanly.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DateCodec.rfc3339(date))
        }
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = DateCodec.parseRFC3339(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "not an RFC 3339 date: \(text)")
            }
            return date
        }
        return decoder
    }()
}
