import Foundation
import TestSupport

/// A configuration of many list sources whose pages are generated on disk, for two nights:
/// `day2` adds, removes, retitles and reorders items on some pages, leaves most alone, and
/// loses one page (`s-017`), so that source fails.
enum SyntheticSources {
    /// Writes `trawl.json`, `day1/` and `day2/` into `directory`; returns the configuration.
    static func write(count: Int, in directory: TemporaryDirectory) throws -> URL {
        var sources: [[String: Any]] = []
        for number in 1...count {
            let id = String(format: "s-%03d", number)
            sources.append([
                "id": id, "name": "Synthetic source \(number)", "kind": "list",
                "url": "${SYNTHETIC_DAY:-day1}/\(id).html", "base": "https://example.org/\(id)/",
                "items": "li.entry",
                "fields": ["title": "a", "url": ["css": "a::attr(href)", "type": "url"], "note": ".note"],
                "idField": "url",
            ])
            for day in ["day1", "day2"] {
                guard let items = items(of: number, on: day) else { continue }
                let list = items.map { item in
                    "<li class=\"entry\"><a href=\"items/\(item.slug)\">\(item.title)</a> <span class=\"note\">\(item.note)</span></li>"
                }
                let page = """
                    <!DOCTYPE html>
                    <html lang="en"><head><meta charset="utf-8"><title>\(id)</title></head>
                    <body><h1>Source \(number)</h1><ul>
                    \(list.joined(separator: "\n"))
                    </ul></body></html>

                    """
                try FileManager.default.createDirectory(at: directory.file(day), withIntermediateDirectories: true)
                try Data(page.utf8).write(to: directory.file("\(day)/\(id).html"))
            }
        }
        let configuration: [String: Any] = [
            "site": ["title": "Synthetic", "url": "https://example.org/synthetic/"],
            "output": "Output", "cache": "Cache",
            "fetch": ["userAgent": "Trawl synthetic", "delay": 0],
            "sources": sources,
        ]
        let data = try JSONSerialization.data(withJSONObject: configuration, options: [.prettyPrinted, .sortedKeys])
        let file = directory.file("trawl.json")
        try data.write(to: file)
        return file
    }

    struct Entry {
        var slug: String
        var title: String
        var note: String
    }

    /// The items of source `number` on `day`; nil when its page is missing that day.
    static func items(of number: Int, on day: String) -> [Entry]? {
        var items = (1...(6 + number % 4)).map { index in
            Entry(slug: "item-\(number)-\(index)", title: "Item \(index) of source \(number)", note: "note \(index)")
        }
        guard day == "day2" else { return items }
        if number == 17 { return nil }
        switch number % 10 {
        case 0: items.insert(Entry(slug: "item-\(number)-new", title: "New in source \(number)", note: "new"), at: 0)
        case 1: items.removeLast()
        case 2: items[0].title += " (updated)"
        case 3: items.reverse()
        case 4: items[1].note = "note changed & <escaped>"
        default: break
        }
        return items
    }
}
