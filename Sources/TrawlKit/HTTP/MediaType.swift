/// The Content-Type for a file served from `Output/`, by its name.
enum MediaType {
    static func forFile(named name: String) -> String {
        let lowered = name.lowercased()
        // JSON Feed 1.1 §1: `application/feed+json`; Output/ names it feed.json.
        if lowered == "feed.json" || lowered.hasSuffix(".feed.json") { return "application/feed+json" }
        let ext = lowered.split(separator: ".").last.map(String.init) ?? ""
        switch ext {
        case "html", "htm": return "text/html; charset=utf-8"
        case "atom": return "application/atom+xml"
        case "json": return "application/json"
        case "md", "markdown": return "text/markdown; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "txt": return "text/plain; charset=utf-8"
        case "xml": return "application/xml"
        case "rss": return "application/rss+xml"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "pdf": return "application/pdf"
        case "woff2": return "font/woff2"
        case "csv": return "text/csv; charset=utf-8"
        case "mp3": return "audio/mpeg"
        case "m4a": return "audio/mp4"
        case "ogg", "oga": return "audio/ogg"
        case "mp4", "m4v": return "video/mp4"
        case "webm": return "video/webm"
        case "zip": return "application/zip"
        default: return "application/octet-stream"
        }
    }

    /// Types a browser shows without running anything in the site's origin. A mirrored
    /// file of any other type (HTML, SVG, XML, scripts, the unknown) could run script
    /// as the site, so it is served as a download in a sandbox.
    static func isPassive(_ type: String) -> Bool {
        let bare = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? type
        return passive.contains(bare) || bare.hasPrefix("audio/") || bare.hasPrefix("video/")
    }

    /// `application/json` and the `+json` types (RFC 6839 §3.1), whatever the parameters.
    static func isJSON(_ type: String) -> Bool {
        let bare = (type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? type)
            .lowercased()
        return bare == "application/json" || bare.hasSuffix("+json") || bare == "text/json"
    }

    private static let passive: Set<String> = [
        "application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp", "image/x-icon",
        "text/plain", "text/csv", "font/woff2", "application/zip",
    ]
}
