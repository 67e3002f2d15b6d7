import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A property: whatever a scrape can make of any text — each field type, URLs, dates,
/// titles with control characters and odd Unicode — written to the cache through
/// `CacheStore`, reads back equal, in snapshots and in run records alike. It goes through the
/// store's API, so it keeps holding whatever the file format becomes.
@Suite struct CacheRoundTripPropertyTests {
    static let fragments = [
        "", " ", "0", "-0", "1", "-1", "+7", "3.14", "1e308", "-1e-308", "4.9e-324", "1e309", "NaN", "inf",
        "9223372036854775807", "-9223372036854775808", "99999999999999999999", "80,000", "1 234,5", "$12.99",
        "true", "false", "yes", "no", "on", "off", "2026-11-30", "2026-11-30T04:00:00Z",
        "2026-11-30T04:00:00.123+05:30",
        "Mon, 30 Nov 2026 04:00:00 GMT", "30 Nov 2026", "Mon, 01 Jan 300000000000", "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z", "https://example.org/a?b=c&d=e#f", "/relative/path",
        "//host/x", "mailto:x@example.org", "javascript:alert(1)", "é", "e\u{301}", "日本語", "🦀", "\u{0}", "\u{1}",
        "\u{7F}", "\u{FEFF}", "\u{2028}", "\"", "\\", "</script>", "&amp;", "\t\n\r", "\u{10FFFF}", "\u{FFFD}",
    ]

    static func text(using random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in fragments.randomElement(using: &random)! }
            .joined(separator: Bool.random(using: &random) ? "" : " ")
    }

    /// Years 2…9999. Dates outside them (year 0 and before, past 9999) do not yet read back
    /// equal: the cache writes year -1 as "00-1" (issue 17, case 7, the date work). Widen
    /// this to every date once that is fixed.
    static let datesTheCacheHolds =
        Date(
            timeIntervalSince1970: -62_104_060_800)...Date(
            timeIntervalSince1970: 253_402_300_799)

    static func value(_ text: String, as type: FieldRule.ValueType, format: String?) -> Value? {
        let parser = ValueParser(baseURL: URL(string: "https://example.org/base/"))
        let value = parser.value(text, as: type, format: format)
        if case .date(let date) = value, !datesTheCacheHolds.contains(date) { return nil }
        return value
    }

    static func item(_ number: Int, using random: inout SeededGenerator) -> Item {
        let parser = ValueParser(baseURL: URL(string: "https://example.org/base/"))
        var fields: [Item.Field] = []
        for (index, type) in [FieldRule.ValueType.string, .int, .number, .bool, .date, .url].enumerated() {
            let raw = text(using: &random)
            let format = type == .date && Bool.random(using: &random) ? "yyyy-MM-dd" : nil
            guard let value = Self.value(raw, as: type, format: format) else { continue }
            fields.append(Item.Field("f\(index)", Bool.random(using: &random) ? value : .list([value, .string(raw)])))
        }
        let raw = text(using: &random)
        return Item(
            id: "\(number)-" + text(using: &random), title: text(using: &random), url: parser.url(raw),
            date: Self.value(raw, as: .date, format: nil).flatMap {
                if case .date(let date) = $0 { date } else { nil }
            },
            summary: Bool.random(using: &random) ? text(using: &random) : nil, fields: fields)
    }

    @Test(arguments: 0..<20)
    func parsedValuesReadBackEqual(seed: Int) throws {
        let directory = try TemporaryDirectory("cache-roundtrip")
        let store = CacheStore(root: directory.url)
        var random = SeededGenerator(seed: UInt64(seed))
        let items = (0..<25).map { Self.item($0, using: &random) }
        let now = Date(timeIntervalSince1970: 1_796_011_200.123)
        let snapshot = Snapshot(sourceID: "source-\(seed)", takenAt: now, items: items)
        try store.save(snapshot)
        #expect(try store.lastGoodSnapshot(of: snapshot.sourceID) == snapshot)

        let changes = items.map {
            Change(kind: .added, sourceID: snapshot.sourceID, itemID: $0.id, detectedAt: now, after: $0)
        }
        let record = RunRecord(
            id: store.newRunID(at: now), started: now, finished: now,
            outcomes: [.init(sourceID: snapshot.sourceID, status: .fetched, itemCount: items.count)], changes: changes)
        try store.save(record)
        #expect(try store.run(record.id) == record)
        #expect(store.problems.all.isEmpty, "\(store.problems.all)")
    }
}
