import Foundation
import TrawlJSON

/// changedetection.io's backup: the zip its Backups page makes, or the `url-watches.json`
/// inside it. Each watch becomes a watch of its page (`WholePageWatch`) with its filter,
/// browser, headers and check interval; what Trawl does otherwise is noted.
struct ChangeDetectionImporter {
    let file: String

    func read(_ bytes: [UInt8], ids: inout SourceIDs) throws -> ImportReport {
        var json = bytes
        if ZipArchive.isZip(bytes) {
            let archive = try ZipArchive(bytes, file: file)
            let candidates = archive.entries.filter { ($0.name as NSString).lastPathComponent == "url-watches.json" }
            guard let entry = candidates.min(by: { $0.name.count < $1.name.count }) else {
                throw ZipArchive.ReadError(file: file, reason: "no url-watches.json in the archive")
            }
            json = try archive.contents(of: entry)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(json)
        } catch {
            throw ZipArchive.ReadError(file: file, reason: "url-watches.json: \(error)")
        }
        guard let watching = root["watching"]?.objectValue else {
            throw ImportFormat.UnknownFormatError(file: file)
        }
        let settings = root["settings"]
        var report = ImportReport(format: .changedetection)
        for (number, member) in watching.enumerated() {
            let watch = member.value
            let title = watch["title"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            let origin = "watch \(number + 1) \(member.key)" + (title.map { " '\($0)'" } ?? "")
            guard let address = watch["url"]?.stringValue, let url = URL(string: address), url.isFetchable else {
                report.skipped.append("\(origin): '\(watch["url"]?.stringValue ?? "")' is not a web address")
                continue
            }
            report.sources.append(
                source(for: watch, settings: settings, url: url, title: title, origin: origin, ids: &ids))
        }
        return report
    }

    private func source(
        for watch: JSONValue, settings: JSONValue?, url: URL, title: String?, origin: String, ids: inout SourceIDs
    ) -> ImportedSource {
        var source = ImportedSource(members: [("id", .text(ids.make(title: title, url: url)))], origin: origin)
        if let title { source.members.append(("name", .text(title))) }
        let filters = strings(watch["include_filters"]) + strings(watch["css_filter"])
        let selection = Self.selection(filters.first)
        if filters.count > 1 { source.notes.append("only the first of \(filters.count) filters is imported") }
        source.isWholePage = true
        var replacements: [(String, JSONValue)] = []
        for text in strings(watch["ignore_text"]) {
            replacements.append((Self.pattern(text), .text("")))
        }
        if !replacements.isEmpty {
            source.notes.append("ignore_text removes the text itself, not the whole line it is on")
        }
        let textRule: [(String, JSONValue)] = replacements.isEmpty ? [] : [("replace", .object(replacements))]
        source.members += WholePageWatch.members(url: url, selection: selection, textRule: textRule)
        let headers = (watch["headers"]?.objectValue ?? []).compactMap { member in
            member.value.stringValue.map { (member.key, JSONValue.text($0)) }
        }
        if !headers.isEmpty { source.members.append(("headers", .object(headers))) }
        if watch["method"]?.stringValue == "POST" {
            source.members.append(("method", .text("POST")))
            if let body = watch["body"]?.stringValue { source.members.append(("body", ImportedSource.form(body))) }
        }
        var backend = watch["fetch_backend"]?.stringValue ?? "system"
        if backend == "system" {
            backend = settings?["application"]?["fetch_backend"]?.stringValue ?? "html_requests"
        }
        if backend == "html_webdriver" { source.members.append(("render", .text("browser"))) }
        if let every = interval(watch) ?? interval(settings?["requests"]) {
            source.members.append(("every", .text(IntervalText.text(every))))
        }
        noteLeftOut(watch, into: &source)
        return source
    }

    /// A filter as changedetection.io tells them apart: `xpath:` (or `xpath1:`) or a leading
    /// `/` is XPath, anything else CSS.
    static func selection(_ filter: String?) -> WholePageWatch.Selection {
        guard let filter = filter?.trimmingCharacters(in: .whitespaces), !filter.isEmpty else { return .wholePage }
        for prefix in ["xpath1:", "xpath:"] where filter.hasPrefix(prefix) {
            return .xpath(String(filter.dropFirst(prefix.count)))
        }
        return filter.hasPrefix("/") || filter.hasPrefix("(") ? .xpath(filter) : .css(filter)
    }

    /// changedetection.io's text rules: `/regex/` is a regular expression, else text matched
    /// in any case.
    static func pattern(_ text: String) -> String {
        if text.count > 2, text.hasPrefix("/"), text.hasSuffix("/") { return String(text.dropFirst().dropLast()) }
        return "(?i)" + NSRegularExpression.escapedPattern(for: text)
    }

    /// `time_between_check` ({weeks, days, hours, minutes, seconds}), or the older
    /// `minutes_between_check`, in seconds; nil when unset.
    private func interval(_ node: JSONValue?) -> TimeInterval? {
        guard let node else { return nil }
        if let check = node["time_between_check"] {
            let units: [(String, Double)] = [
                ("weeks", 604_800), ("days", 86_400), ("hours", 3_600), ("minutes", 60), ("seconds", 1),
            ]
            let total = units.reduce(0.0) { $0 + (check[$1.0]?.numberValue?.double ?? 0) * $1.1 }
            if total > 0 { return total }
        }
        if let minutes = node["minutes_between_check"]?.numberValue?.double, minutes > 0 { return minutes * 60 }
        return nil
    }

    private func noteLeftOut(_ watch: JSONValue, into source: inout ImportedSource) {
        let lists: [(String, String)] = [
            ("subtractive_selectors", "the elements it removes are kept"),
            ("trigger_text", "Trawl reports every change, not only those with this text"),
            ("extract_text", "the whole text is watched, not only what this extracts"),
            ("text_should_not_be_present", "no alert for text that appears"),
            ("browser_steps", "the browser steps are not run"),
            ("notification_urls", "give the notifiers in trawl.json's \"notify\""),
        ]
        for (key, what) in lists where !(watch[key]?.arrayValue ?? []).isEmpty {
            let given = strings(watch[key]).map { "'\($0)'" }.joined(separator: ", ")
            source.notes.append("\(key)\(given.isEmpty ? "" : " " + given): \(what)")
        }
        if watch["paused"]?.boolValue == true { source.notes.append("paused in changedetection.io") }
        if let proxy = watch["proxy"]?.stringValue, !proxy.isEmpty {
            source.notes.append("proxy '\(proxy)': set \"proxy\" with its address and credentials from the environment")
        }
        if let processor = watch["processor"]?.stringValue, processor != "text_json_diff" {
            source.notes.append("processor '\(processor)': watched as text")
        }
        if let code = watch["webdriver_js_execute_code"]?.stringValue, !code.isEmpty {
            source.notes.append("the JavaScript it runs in the browser is not run")
        }
    }

    private func strings(_ node: JSONValue?) -> [String] {
        if let text = node?.stringValue { return text.isEmpty ? [] : [text] }
        return (node?.arrayValue ?? []).compactMap { $0.stringValue ?? $0["selector"]?.stringValue }
            .filter { !$0.isEmpty }
    }
}
