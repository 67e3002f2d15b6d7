import Foundation
import Testing

@testable import TrawlKit

/// `trawl import` on hostile files: each stays linear in its size, and a zip's sizes are
/// checked before anything is allocated for them.
@Suite struct ImportBoundsTests {
    @Test func aLongFlowSequenceIsReadWithoutCopyingItsElementsForEachOne() throws {
        let yaml = "[" + String(repeating: "0,", count: 100_000) + "0]"
        let documents = try YAMLReader.documents(Array(yaml.utf8), file: "urls.yaml")
        #expect(documents.first??.elements?.count == 100_001)
    }

    @Test func aLongMappingIsReadWithoutCopyingItsMembersForEachOne() throws {
        let yaml = (0..<50_000).map { "k\($0): v" }.joined(separator: "\n")
        let documents = try YAMLReader.documents(Array(yaml.utf8), file: "urls.yaml")
        #expect(documents.first??.members.count == 50_000)
        #expect(documents.first??.members.last?.key == "k49999")
    }

    @Test func watchesOfOneTitleAreNumberedOnFromTheLastNumberGiven() throws {
        let jobs = String(repeating: "name: Prices\nurl: https://shop.example/\n---\n", count: 20_000)
        let report = try ImportReader.read(Array(jobs.utf8), file: "urls.yaml", existing: ["prices-3"])
        let ids = report.sources.map(\.id)
        #expect(ids.prefix(3) == ["prices", "prices-2", "prices-4"])
        #expect(ids.last == "prices-20001")
        #expect(Set(ids).count == 20_000)
    }

    @Test func aZipEntryClaimingMoreThanDeflateCanGiveIsRefusedBeforeItIsAllocated() throws {
        // An empty deflate stream (one fixed-Huffman final block) said to hold 200 MB.
        let zip = Self.zip(name: "url-watches.json", method: 8, data: [0x03, 0x00], size: 200_000_000, crc: 0)
        #expect(throws: ZipArchive.ReadError.self) {
            try ImportReader.read(zip, file: "backup.zip", existing: [])
        }
        do {
            _ = try ImportReader.read(zip, file: "backup.zip", existing: [])
        } catch {
            #expect("\(error)" == "backup.zip: url-watches.json: damaged (200000000 bytes cannot come of 2)")
        }
    }

    /// A zip of one entry (APPNOTE.TXT §4.3): local header, data, central directory, end.
    static func zip(name: String, method: UInt16, data: [UInt8], size: Int, crc: UInt32) -> [UInt8] {
        func half(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func word(_ value: Int) -> [UInt8] { half(value & 0xFFFF) + half(value >> 16 & 0xFFFF) }
        let nameBytes = Array(name.utf8)
        let common =
            half(20) + half(0) + half(Int(method)) + half(0) + half(0) + word(Int(crc)) + word(data.count)
            + word(size) + half(nameBytes.count) + half(0)
        let local = word(0x0403_4B50) + common + nameBytes + data
        let central =
            word(0x0201_4B50) + half(20) + common + half(0) + half(0) + half(0) + word(0) + word(0) + nameBytes
        let end =
            word(0x0605_4B50) + half(0) + half(0) + half(1) + half(1) + word(central.count) + word(local.count)
            + half(0)
        return local + central + end
    }

    /// A crash `fuzz-import` found: a FreshRSS outline whose `CURLOPT_POSTFIELDS` is `=`
    /// indexed a pair with no name. Read as the URL Standard reads a form, `=` is a pair with
    /// both empty, and the whole file imports.
    @Test func aFormPairWithNoNameIsReadAsAnEmptyName() throws {
        let form = ImportedSource.form("=&=x&q=1&flag")
        let pairs = form["form"]?.objectValue?.map { "\($0.key)=\($0.value.stringValue ?? "?")" }
        #expect(pairs == ["=", "=x", "q=1", "flag="])
        let crash = ImportTests.folder.appendingPathComponent("fuzz/freshrss-postfields-equals.opml")
        let bytes = try [UInt8](Data(contentsOf: crash))
        let json = try ImportReader.sourcesJSON(of: bytes, file: "freshrss.opml")
        #expect(json.contains(#""method": "POST""#))
    }
}
