import Foundation
import Mustache

/// One item of a list page: an article, a headline, a podcast episode or a switch.
///
/// `isEpisode`, `isSwitch` and `isPlain` say which partial shows it (`episode`, `switch`,
/// `item`); every item also has its fields by name and in order (`FieldValue`).
///
/// A class, built once and then only read: a page's list holds, slices and hands each view
/// to the template as one reference, not as a copy of twenty strings.
final class ItemView: MustacheObject {
    let title: String
    let href: String
    let date: String
    let dateText: String
    let summary: String
    /// Every field by name: `{{fields.duration}}` (in words), `{{fields.duration.raw}}`,
    /// `{{#fields.enclosure}}…{{/fields.enclosure}}`.
    let fields: FieldTable
    /// Every field in the configuration's order.
    let fieldList: [FieldValue]
    /// The fields the default view lists beneath the title: those not shown in a place of their own.
    let details: [FieldValue]
    let hasDetails: Bool
    let fileHref: String
    let isEpisode: Bool
    let isSwitch: Bool
    let isPlain: Bool
    let episode: EpisodeView
    /// A switch's state: `on`, `off`, or `gone` for one no longer on the page; else empty.
    let state: String
    let stateText: String
    /// When the switch last flipped (or appeared), from the run records; empty when unknown.
    let flippedAt: String
    let flippedAtText: String
    /// True when it flipped in the latest run shown.
    let flipped: Bool
    let gone: Bool
    /// When a switch with no known flip was first tracked (its source's baseline), else empty.
    let trackedSince: String
    let trackedSinceText: String
    /// Lower-cased text the search box matches against.
    let search: String
    /// The page of the item's article (`detail`), relative to the source's page; else empty.
    let articleHref: String
    /// `added` or `changed` when the latest run found the item new (or back) or changed, else
    /// empty: the item's class (`item-added`) and, in `newsText`, the word it is marked with.
    let news: String
    /// `New` or `Changed`, beside the title; empty when `news` is. A switch that flipped
    /// says so in words of its own (`flipped`), and shows this only for other news.
    let newsText: String

    init(
        title: String, href: String, date: String, dateText: String, summary: String, fields: FieldTable,
        fieldList: [FieldValue], details: [FieldValue], hasDetails: Bool, fileHref: String, isEpisode: Bool,
        isSwitch: Bool, isPlain: Bool, episode: EpisodeView, state: String, stateText: String,
        marks: SwitchMarks = SwitchMarks(), news: Change.Kind? = nil, search: String, articleHref: String = ""
    ) {
        self.articleHref = articleHref
        let mark = NewsMark(news)
        self.news = mark.name
        self.newsText = mark.text
        self.title = title
        self.href = href
        self.date = date
        self.dateText = dateText
        self.summary = summary
        self.fields = fields
        self.fieldList = fieldList
        self.details = details
        self.hasDetails = hasDetails
        self.fileHref = fileHref
        self.isEpisode = isEpisode
        self.isSwitch = isSwitch
        self.isPlain = isPlain
        self.episode = episode
        self.state = marks.state ?? state
        self.stateText = marks.stateText ?? stateText
        self.flippedAt = marks.flippedAt
        self.flippedAtText = marks.flippedAtText
        self.flipped = marks.flipped
        self.gone = marks.gone
        self.trackedSince = marks.trackedSince
        self.trackedSinceText = marks.trackedSinceText
        self.search = search
    }

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
        case "news": return .string(news)
        case "newsText": return .string(newsText)
        case "search": return .string(search)
        case "articleHref": return .string(articleHref)
        default: return nil
        }
    }
}

/// What a podcast episode's view needs beyond its title, date and summary.
struct EpisodeView: MustacheObject {
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
    /// The duration in seconds as its tooltip reads: `1 second`, `2712 seconds`.
    var durationTitle: String

    static let none = EpisodeView(
        audio: "", audioType: "", file: "", fileText: "", artwork: "", duration: "", durationRaw: "", durationTitle: "")

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
            durationRaw: fields["duration"]?.raw ?? "",
            durationTitle: fields["duration"].map { Self.seconds($0.raw) } ?? "")
    }

    /// Whole seconds counted by `CountText`; any other text as written, then `seconds`.
    private static func seconds(_ raw: String) -> String {
        if let count = Int(raw) { return CountText.of(count, "second", "seconds") }
        return "\(raw) seconds"
    }

    private init(
        audio: String, audioType: String, file: String, fileText: String, artwork: String, duration: String,
        durationRaw: String, durationTitle: String
    ) {
        self.audio = audio
        self.audioType = audioType
        self.file = file
        self.fileText = fileText
        self.artwork = artwork
        self.duration = duration
        self.durationRaw = durationRaw
        self.durationTitle = durationTitle
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
        case "durationTitle": return .string(durationTitle)
        default: return nil
        }
    }

    /// Fields an episode shows in places of their own.
    static let shownFields: Set<String> = ["enclosure", "enclosureType", "enclosureLength", "duration", "artwork"]
}

/// What a status page adds to a switch: when it last flipped (or was first tracked), or
/// that it has left the page (`state` and `stateText` then say so).
struct SwitchMarks {
    var state: String? = nil
    var stateText: String? = nil
    var flippedAt = ""
    var flippedAtText = ""
    var flipped = false
    var gone = false
    var trackedSince = ""
    var trackedSinceText = ""
}

struct ItemGroup: MustacheObject {
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
