import Foundation
import Mustache

/// One item of a list page: an article, a headline, a podcast episode or a switch.
///
/// `isEpisode`, `isSwitch` and `isPlain` say which partial shows it (`episode`, `switch`,
/// `item`); every item also has its fields by name and in order (`FieldValue`).
struct ItemView: Encodable, MustacheObject {
    var title: String
    var href: String
    var date: String
    var dateText: String
    var summary: String
    /// Every field by name: `{{fields.duration}}` (in words), `{{fields.duration.raw}}`,
    /// `{{#fields.enclosure}}…{{/fields.enclosure}}`.
    var fields: FieldTable
    /// Every field in the configuration's order.
    var fieldList: [FieldValue]
    /// The fields the default view lists beneath the title: those not shown in a place of their own.
    var details: [FieldValue]
    var hasDetails: Bool
    var fileHref: String
    var isEpisode: Bool
    var isSwitch: Bool
    var isPlain: Bool
    var episode: EpisodeView
    /// A switch's state: `on`, `off`, or `gone` for one no longer on the page; else empty.
    var state: String
    var stateText: String
    /// When the switch last flipped (or appeared), from the run records; empty when unknown.
    var flippedAt: String
    var flippedAtText: String
    /// True when it flipped in the latest run shown.
    var flipped: Bool
    var gone: Bool
    /// When a switch with no known flip was first tracked (its source's baseline), else empty.
    var trackedSince: String
    var trackedSinceText: String
    /// Lower-cased text the search box matches against.
    var search: String

    /// The members above by name: a page renders straight from the views.
    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "title": return .string(title)
        case "href": return .string(href)
        case "date": return .string(date)
        case "dateText": return .string(dateText)
        case "summary": return .string(summary)
        case "fields": return .custom(fields)
        case "fieldList": return .list(of: fieldList)
        case "details": return .list(of: details)
        case "hasDetails": return .bool(hasDetails)
        case "fileHref": return .string(fileHref)
        case "isEpisode": return .bool(isEpisode)
        case "isSwitch": return .bool(isSwitch)
        case "isPlain": return .bool(isPlain)
        case "episode": return .custom(episode)
        case "state": return .string(state)
        case "stateText": return .string(stateText)
        case "flippedAt": return .string(flippedAt)
        case "flippedAtText": return .string(flippedAtText)
        case "flipped": return .bool(flipped)
        case "gone": return .bool(gone)
        case "trackedSince": return .string(trackedSince)
        case "trackedSinceText": return .string(trackedSinceText)
        case "search": return .string(search)
        default: return nil
        }
    }
}

/// What a podcast episode's view needs beyond its title, date and summary.
struct EpisodeView: Encodable, MustacheObject {
    /// The audio file, when the enclosure is audio (`<audio src>`); empty otherwise.
    var audio: String
    var audioType: String
    /// Any enclosure, as a download link.
    var file: String
    /// `MP3 · 45.8 MB`.
    var fileText: String
    var artwork: String
    var duration: String
    var durationRaw: String

    static let none = EpisodeView(
        audio: "", audioType: "", file: "", fileText: "", artwork: "", duration: "", durationRaw: "")

    /// An episode from an item with an `enclosure` field (a podcast feed), or nil.
    init?(_ fields: FieldTable) {
        guard let enclosure = fields["enclosure"], !enclosure.href.isEmpty else { return nil }
        let type = fields["enclosureType"]?.raw.lowercased() ?? ""
        let path = URL(string: enclosure.href)?.pathExtension.lowercased() ?? ""
        let isAudio = type.hasPrefix("audio/") || (type.isEmpty && Self.audioExtensions.contains(path))
        let format = Self.formatNames[type] ?? (path.isEmpty ? "" : path.uppercased())
        self.init(
            audio: isAudio ? enclosure.href : "", audioType: isAudio ? type : "", file: enclosure.href,
            fileText: [format, fields["enclosureLength"]?.human ?? ""].filter { !$0.isEmpty }
                .joined(separator: " · "),
            artwork: fields["artwork"]?.href ?? "", duration: fields["duration"]?.human ?? "",
            durationRaw: fields["duration"]?.raw ?? "")
    }

    private init(
        audio: String, audioType: String, file: String, fileText: String, artwork: String, duration: String,
        durationRaw: String
    ) {
        self.audio = audio
        self.audioType = audioType
        self.file = file
        self.fileText = fileText
        self.artwork = artwork
        self.duration = duration
        self.durationRaw = durationRaw
    }

    private static let audioExtensions: Set<String> = ["mp3", "m4a", "aac", "ogg", "oga", "opus", "wav", "flac"]
    private static let formatNames = [
        "audio/mpeg": "MP3", "audio/mp3": "MP3", "audio/mp4": "M4A", "audio/x-m4a": "M4A", "audio/aac": "AAC",
        "audio/ogg": "Ogg", "audio/opus": "Opus", "audio/wav": "WAV", "audio/flac": "FLAC", "video/mp4": "MP4",
    ]

    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "audio": return .string(audio)
        case "audioType": return .string(audioType)
        case "file": return .string(file)
        case "fileText": return .string(fileText)
        case "artwork": return .string(artwork)
        case "duration": return .string(duration)
        case "durationRaw": return .string(durationRaw)
        default: return nil
        }
    }

    /// Fields an episode shows in places of their own.
    static let shownFields: Set<String> = ["enclosure", "enclosureType", "enclosureLength", "duration", "artwork"]
}

struct ItemGroup: Encodable, MustacheObject {
    var heading: String
    /// `upcoming`, `today`, `earlier`, `switches`, `gone` or `all`.
    var id: String
    var items: [ItemView]

    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "heading": return .string(heading)
        case "id": return .string(id)
        case "items": return .list(of: items)
        default: return nil
        }
    }
}
