import Foundation
import TrawlJSON

/// urlwatch's jobs file (`urls.yaml`, one job a `---` document): URL jobs become sources
/// with their filters mapped (`URLWatchFilters`), `navigate` and `use_browser` jobs render
/// in Chromium, and command jobs are listed as not imported.
struct URLWatchImporter {
    let file: String

    /// Job keys that need nothing in Trawl: how urlwatch shows or retries a job.
    static let quietKeys: Set<String> = [
        "name", "url", "navigate", "kind", "filter", "use_browser", "tags",
        "user_visible_url", "max_tries", "headers", "method", "data", "wait_for", "cookies", "enabled", "post",
    ]

    func read(_ bytes: [UInt8], ids: inout SourceIDs) throws -> ImportReport {
        let documents = try YAMLReader.documents(bytes, file: file)
        var report = ImportReport(format: .urlwatch)
        var number = 0
        for document in documents {
            guard let document else { continue }
            for job in document.elements ?? [document] {
                guard case .mapping = job.content,
                    job["url"] != nil || job["navigate"] != nil || job["command"] != nil
                else { continue }
                number += 1
                let origin = "job \(number) (line \(job.line))" + (job["name"]?.text.map { " '\($0)'" } ?? "")
                if let command = job["command"]?.text {
                    report.skipped.append(
                        "\(origin): a command job runs '\(command)'; Trawl fetches pages and runs no programs to "
                            + "watch, so it is not imported")
                    continue
                }
                guard let address = (job["url"] ?? job["navigate"])?.text, let url = URL(string: address),
                    url.isFetchable
                else {
                    let given = (job["url"] ?? job["navigate"])?.text ?? ""
                    report.skipped.append("\(origin): '\(given)' is not an http, https or file address")
                    continue
                }
                report.sources.append(source(for: job, url: url, origin: origin, ids: &ids))
            }
        }
        guard number > 0 else { throw ImportFormat.UnknownFormatError(file: file) }
        return report
    }

    private func source(for job: YAMLNode, url: URL, origin: String, ids: inout SourceIDs) -> ImportedSource {
        let name = job["name"]?.text
        var source = ImportedSource(members: [("id", .text(ids.make(title: name, url: url)))], origin: origin)
        if let name { source.members.append(("name", .text(name))) }
        var filters = URLWatchFilters(file: file)
        filters.read(job["filter"])
        source.notes += filters.notes
        source.isWholePage = true
        source.members += WholePageWatch.members(url: url, selection: filters.selection, textRule: filters.textRule)
        source.members += request(of: job, notes: &source.notes)
        let browser = job["navigate"] != nil || job["use_browser"]?.bool == true || job["kind"]?.text == "browser"
        if browser {
            source.members.append(("render", .text("browser")))
            if let waitFor = job["wait_for"]?.text { source.members += self.waitFor(waitFor, notes: &source.notes) }
        }
        if job["enabled"]?.bool == false { source.notes.append("disabled in urlwatch (enabled: false)") }
        for member in job.members where !Self.quietKeys.contains(member.key) {
            source.notes.append("not imported: '\(member.key)'")
        }
        return source
    }

    /// `wait_for` is a Playwright selector: CSS, perhaps with Playwright's `>> nth=0`.
    private func waitFor(_ selector: String, notes: inout [String]) -> [(String, JSONValue)] {
        let css = selector.components(separatedBy: ">>")[0].trimmingCharacters(in: .whitespaces)
        if css != selector { notes.append("wait_for '\(selector)': Playwright's '>>' part left out") }
        return css.isEmpty ? [] : [("waitFor", .text(css))]
    }

    private func request(of job: YAMLNode, notes: inout [String]) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        let headers = job["headers"]?.members.compactMap { member in member.value.text.map { (member.key, $0) } } ?? []
        if !headers.isEmpty { members.append(("headers", .object(headers.map { ($0.0, .text($0.1)) }))) }
        if let cookies = job["cookies"]?.members, !cookies.isEmpty {
            members.append(("cookies", .object(cookies.map { ($0.key, .text($0.value.text ?? "")) })))
        }
        let data = job["data"] ?? job["post"]
        let method = job["method"]?.text?.uppercased() ?? (data != nil ? "POST" : "GET")
        guard method == "POST" || method == "GET" else {
            notes.append("method \(method): Trawl sends GET or POST, so it sends GET")
            return members
        }
        if method == "POST" { members.append(("method", .text("POST"))) }
        if let data {
            let form =
                data.text.map(ImportedSource.form)
                ?? .object([("form", .object(data.members.map { ($0.key, .text($0.value.text ?? "")) }))])
            members.append(("body", form))
        }
        return members
    }
}
