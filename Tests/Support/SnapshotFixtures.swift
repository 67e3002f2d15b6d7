import Foundation
import TrawlKit

/// Items and snapshots for store and change tests: fixed times, and random ones from a seed.
public enum SnapshotFixtures {
    /// 2026-11-30T04:00:00Z, the time of a nightly run.
    public static let night = Date(timeIntervalSince1970: 1_796_011_200)

    /// A chart like the NOAA booklet source lists.
    public static func chart(_ number: Int, title: String? = nil, scale: Int = 80_000) -> Item {
        let url = URL(string: "https://charts.example/\(number).pdf")!
        return Item(
            id: url.absoluteString, title: title ?? "Chart \(number)", url: url,
            fields: [Item.Field("number", .int(number)), Item.Field("scale", .int(scale))])
    }

    public static func snapshot(_ items: [Item], source: String = "charts", at time: Date = night) -> Snapshot {
        Snapshot(sourceID: source, takenAt: time, items: items)
    }

    /// A random item: some fields present, some absent, of every value type.
    public static func randomItem(id: Int, using random: inout SeededGenerator) -> Item {
        let words = ["harbour", "approach", "sound", "bay", "inlet", "reef", "channel", "point"]
        var fields: [Item.Field] = []
        if Bool.random(using: &random) {
            fields.append(.init("scale", .int(Int.random(in: 1...9, using: &random) * 10_000)))
        }
        if Bool.random(using: &random) { fields.append(.init("rank", .int(Int.random(in: 1...10, using: &random)))) }
        if Bool.random(using: &random) {
            fields.append(.init("depth", .double(Double(Int.random(in: 0...400, using: &random)) / 4)))
        }
        if Bool.random(using: &random) { fields.append(.init("free", .bool(Bool.random(using: &random)))) }
        if Bool.random(using: &random) {
            fields.append(
                .init(
                    "tags",
                    .list(
                        (0..<Int.random(in: 0...3, using: &random)).map { _ in
                            .string(words.randomElement(using: &random)!)
                        })))
        }
        let title = (0..<3).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        let date =
            Bool.random(using: &random)
            ? night.addingTimeInterval(-Double(Int.random(in: 0...10_000, using: &random)) * 60) : nil
        let summary = Bool.random(using: &random) ? "about the \(words.randomElement(using: &random)!)" : nil
        return Item(
            id: "item-\(id)", title: title, url: URL(string: "https://example.org/\(id)"), date: date,
            summary: summary, fields: fields)
    }

    /// `item` with some of its properties and fields changed, added or dropped at random.
    public static func mutate(_ item: Item, using random: inout SeededGenerator) -> Item {
        var item = item
        switch Int.random(in: 0...5, using: &random) {
        case 0: item.title += " (revised)"
        case 1: item.summary = item.summary == nil ? "now with a summary" : nil
        case 2: item.date = item.date == nil ? night : nil
        case 3: item.fields.append(.init("edition", .int(Int.random(in: 1...40, using: &random))))
        case 4: if !item.fields.isEmpty { item.fields.removeLast() } else { item.url = nil }
        default:
            if let index = item.fields.indices.randomElement(using: &random) {
                item.fields[index].value = .string("changed")
            } else {
                item.title = "retitled"
            }
        }
        return item
    }

    /// Two random snapshots of one source with a random mix of kept, changed, added and
    /// removed items between them.
    public static func randomPair(seed: UInt64, size: Int = 40) -> (Snapshot, Snapshot) {
        var random = SeededGenerator(seed: seed)
        let old = (0..<size).map { randomItem(id: $0, using: &random) }
        var new: [Item] = []
        for item in old {
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1: continue
            case 2, 3: new.append(mutate(item, using: &random))
            default: new.append(item)
            }
        }
        for id in size..<(size + Int.random(in: 0...8, using: &random)) {
            new.insert(randomItem(id: id, using: &random), at: Int.random(in: 0...new.count, using: &random))
        }
        return (snapshot(old), snapshot(new, at: night.addingTimeInterval(86_400)))
    }
}
