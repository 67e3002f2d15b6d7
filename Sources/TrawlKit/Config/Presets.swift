import Foundation
import TrawlJSON

/// The built-in sources, shipped as JSON inside the binary (`Sources/TrawlKit/Presets/`).
///
/// A source that names a preset gets the preset's keys, then its own on top: key by key,
/// and field by field inside `fields`.
enum Presets {
    static let all: [String: [UInt8]] = [
        "article-list": PackageResources.article_list_json,
        "bbc-most-read": PackageResources.bbc_most_read_json,
        "noaa-booklet-charts": PackageResources.noaa_booklet_charts_json,
        "podcast": PackageResources.podcast_json,
    ]

    static var names: [String] { all.keys.sorted() }

    static func named(_ name: String) -> JSONValue? {
        guard let bytes = all[name] else { return nil }
        // The presets ship with the binary and are tested; a parse failure is a build defect.
        return try? JSONParser.parse(Data(bytes))
    }

    /// `source` laid over `preset`: the source's keys win, and `fields` merge by name.
    static func apply(_ preset: JSONValue, under source: JSONValue) -> JSONValue {
        guard case .object(let presetMembers) = preset.content, case .object(let sourceMembers) = source.content else {
            return source
        }
        var merged = presetMembers.filter { $0.key != "fields" || source["fields"] == nil }
        for member in sourceMembers where member.key != "preset" {
            if member.key == "fields", let presetFields = preset["fields"] {
                merged.append((member.key, apply(presetFields, under: member.value)))
                continue
            }
            merged.removeAll { $0.key == member.key }
            merged.append(member)
        }
        return JSONValue(.object(merged), at: source.position)
    }
}

extension JSONValue {
    /// The same value with every position set to one place: preset values come from the
    /// binary, so their own lines mean nothing to the reader of `trawl.json`.
    func relocated(to position: JSONPosition) -> JSONValue {
        let content: Content
        switch self.content {
        case .object(let members):
            content = .object(members.map { ($0.key, $0.value.relocated(to: position)) })
        case .array(let elements):
            content = .array(elements.map { $0.relocated(to: position) })
        default:
            content = self.content
        }
        return JSONValue(content, at: position)
    }
}
