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
        default: return "application/octet-stream"
        }
    }
}
