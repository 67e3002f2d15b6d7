import Foundation
import TrawlText

/// One of `count` disjoint parts of a configuration's sources, numbered from 1: what
/// `trawl scrape --shard 2/4` scrapes.
///
/// A source belongs to shard `hash(id) mod count + 1`, with a fixed 64-bit FNV-1a hash of
/// its id's UTF-8 bytes (never Swift's `Hasher`, which is seeded afresh in every process).
/// So every source is in exactly one shard, every process agrees on which, and adding or
/// removing a source moves no other source; only a new `count` reshuffles them.
public struct Shard: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// From 1 to `count`.
    public let index: Int
    /// How many shards the sources are split into.
    public let count: Int

    /// Shard `index` of `count`; throws a `ShardError` unless 1 ≤ index ≤ count ≤ 10000.
    public init(index: Int, count: Int) throws(ShardError) {
        guard count >= 1, count <= 10_000 else {
            throw ShardError(.countOutOfRange, index: index, count: count)
        }
        guard index >= 1, index <= count else {
            throw ShardError(.indexOutOfRange, index: index, count: count)
        }
        self.index = index
        self.count = count
    }

    /// Reads `I/N` (`3/8`); throws a `ShardError`.
    public init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw ShardError(.notIndexOverCount, text: text)
        }
        try self.init(index: index, count: count)
    }

    /// Whether the source `sourceID` is this shard's.
    public func contains(_ sourceID: String) -> Bool {
        Int(Self.hash(sourceID) % UInt64(count)) + 1 == index
    }

    /// `shard-2-of-4`: how the shard's files are named (`runs/<id>.shard-2-of-4.json`).
    public var fileTag: String { "shard-\(index)-of-\(count)" }

    public var description: String { "shard \(index) of \(count)" }

    /// Reads a `fileTag` back (`shard-2-of-4`), or nil.
    public init?(fileTag: String) {
        let parts = fileTag.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "shard", parts[2] == "of", let index = Int(parts[1]),
            let count = Int(parts[3]), fileTag == "shard-\(index)-of-\(count)",
            let shard = try? Shard(index: index, count: count)
        else { return nil }
        self = shard
    }

    /// Reads a shard's lock file name back (`trawl.shard-2-of-4.lock`), or nil.
    init?(lockFileName name: String) {
        guard name.hasPrefix("trawl."), name.hasSuffix(".lock") else { return nil }
        self.init(fileTag: String(name.dropFirst("trawl.".count).dropLast(".lock".count)))
    }

    public static func < (left: Shard, right: Shard) -> Bool {
        (left.count, left.index) < (right.count, right.index)
    }

    /// 64-bit FNV-1a of the id's UTF-8 bytes: fixed, so shards agree across processes and machines.
    static func hash(_ sourceID: String) -> UInt64 { FNV1a.hash(sourceID) }

    private enum CodingKeys: String, CodingKey { case index, count }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let index = try container.decode(Int.self, forKey: .index)
        let count = try container.decode(Int.self, forKey: .count)
        do {
            try self.init(index: index, count: count)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .index, in: container, debugDescription: "shard \(index) of \(count) does not exist")
        }
    }
}
