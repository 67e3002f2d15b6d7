import Foundation
import TrawlDates
import TrawlText

/// Turns scraped text into a typed value, as a field's `type` and `format` say.
struct ValueParser: Sendable {
    /// Where relative URLs resolve from: the document's `<base href>` or its own URL.
    let baseURL: URL?
    /// Whether the base is a local file, asked of every link: worked out once.
    private let baseIsFile: Bool

    init(baseURL: URL?) {
        self.baseURL = baseURL
        baseIsFile = baseURL?.isFileURL == true
    }

    /// The typed value, or nil when the text is not of that type.
    func value(_ text: String, as type: FieldRule.ValueType, format: String?, locale: String? = nil) -> Value? {
        switch type {
        case .string:
            return .string(text)
        case .int:
            return Int(Self.digitsOnly(text)).map(Value.int)
        case .number:
            // NaN and infinities are not numbers a page means, and JSON cannot hold them.
            return Double(Self.digitsOnly(text)).flatMap { $0.isFinite ? Value.double($0) : nil }
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "on", "1", "y": return .bool(true)
            case "false", "no", "off", "0", "n": return .bool(false)
            default: return nil
            }
        case .date:
            return DateText.parse(text, format: format, locale: locale).map(Value.date)
        case .url:
            return url(text).map(Value.url)
        }
    }

    /// An absolute URL for `text`, resolved against the base; nil for text that is no URL.
    func url(_ text: String) -> URL? {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { return nil }
        // `/news/x` on a saved page would become `file:///news/x`: a link to nothing.
        if isRootRelativeOnLocalFile(trimmed) { return nil }
        guard let url = URL(reference: trimmed, relativeTo: baseURL), url.scheme != nil else { return nil }
        return url
    }

    /// Whether `text` is a link from a site's root (`/news/x`, `//host/x`) while the base
    /// is a local file, so it cannot resolve to what the page meant.
    func isRootRelativeOnLocalFile(_ text: String) -> Bool {
        baseIsFile && text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("/")
    }

    // Thousands separators and stray spaces are presentation, not part of the number.
    private static func digitsOnly(_ text: String) -> String {
        text.filter { !$0.isWhitespace && $0 != "," && $0 != "_" }
    }
}

/// Dates as pages write them.
enum DateText {
    /// Parses `text` with `format` (a Unicode date pattern, names in `locale`'s language,
    /// UTC unless it names a zone), or, without one, as RFC 3339, ISO 8601 calendar dates,
    /// RFC 2822, or common English forms.
    static func parse(_ text: String, format: String?, locale: String? = nil) -> Date? {
        let text = text.trimmingWhitespace
        if let format {
            return DateFormat.shared(format, locale: locale).date(from: text)
        }
        if let date = DateCodec.parseRFC3339(text) { return date }
        for format in fallbackFormats {
            if let date = format.date(from: text) { return date }
        }
        return nil
    }

    private static let fallbackFormats = [
        "yyyy-MM-dd", "yyyy-MM-dd HH:mm:ss", "EEE, d MMM yyyy HH:mm:ss Z", "d MMM yyyy HH:mm:ss Z",
        "EEE, d MMM yyyy HH:mm Z", "d MMM yyyy", "dd MMM yyyy", "MMMM d, yyyy", "MMM d, yyyy", "d MMMM yyyy",
    ].map { DateFormat($0) }
}

extension String {
    /// The text without white space at its ends; `self` when there is none (the usual
    /// case: fields arrive collapsed).
    var trimmingWhitespace: String {
        // Printable ASCII at both ends is no white space: no character need be read.
        if let first = utf8.first, let last = utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) {
            return self
        }
        guard let first = first, let last = last, first.isWhitespace || last.isWhitespace else { return self }
        return trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
