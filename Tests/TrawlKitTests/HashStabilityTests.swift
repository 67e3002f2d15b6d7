import Foundation
import Testing

@testable import TrawlKit

/// The names and digests Trawl keeps on disk are FNV-1a values: a shard's sources, the
/// manifest's file name, a journal line's snapshot digest and a page's input digest must come
/// out byte for byte as they always have, or a cache written before reads as foreign.
@Suite struct HashStabilityTests {
    @Test func aSourceLandsInTheShardItAlwaysDid() throws {
        #expect(Shard.hash("noaa-atlantic") == 0xa7be_1b0f_51f8_5caf)
        let expected = ["noaa-atlantic": 4, "a": 1, "b": 2, "c": 3, "hn": 4, "gov-uk": 3]
        for (id, index) in expected {
            #expect(try Shard(index: index, count: 4).contains(id), "\(id)")
        }
    }

    @Test func aStableHashIsUnpaddedLowercaseHex() {
        #expect(StableHash.of("") == "cbf29ce484222325")
        #expect(StableHash.of("/tmp/site/Output") == "7113da48d01049b5")
        #expect(StableHash.of("café") == "48e8823acfa40d89")
        // No leading zero: names already on disk were written without one.
        #expect(StableHash.of("aa") == "89c4307b54596b7")
    }

    @Test func aSnapshotDigestIsItsSizeAndSixteenHexDigits() {
        #expect(RunJournal.digest(Data(#"{"x":1}"#.utf8) + [0x0A]) == "8-9a333156a11d82d4")
        #expect(RunJournal.digest(Data("aa".utf8)) == "2-089c4307b54596b7")
    }

    @Test func anInputDigestSeparatesItsParts() {
        var split = InputDigest()
        split.add("ab")
        split.add("c")
        var other = InputDigest()
        other.add("a")
        other.add("bc")
        #expect(split.value == "20ba9b3025a8b421")
        #expect(other.value == "a0a3542c19b900ab")
    }
}
