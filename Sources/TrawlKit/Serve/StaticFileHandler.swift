import Foundation
import TrawlDates
import TrawlServe

/// Answers GET and HEAD for the files under one folder, the way `trawl serve` needs:
/// the right types, `index.html` for folders, validators with 304, byte ranges, and
/// never a byte from outside the folder.
struct StaticFileHandler: Sendable {
    /// The folder served, with symbolic links resolved.
    let root: URL
    /// A `<script>` put before `</body>` of every HTML page (live reload), or nil.
    var injectedScript: String?

    init(root: URL, injectedScript: String? = nil) throws {
        let resolved = root.standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw ServeError.notADirectory(root.path) }
        self.root = resolved
        self.injectedScript = injectedScript
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return HTTPResponse(status: 405, headers: ["Allow": "GET, HEAD"], text: "405 Method Not Allowed\n")
        }
        let segments: [String]
        switch Self.segments(of: request.path) {
        case .success(let found): segments = found
        case .failure(let status): return .plain(status.code)
        }
        guard var file = resolve(segments) else { return .plain(404) }
        if file.isDirectory {
            guard request.path.hasSuffix("/") else {
                // Relative links in the folder's index.html resolve against the slash. The
                // location is rebuilt from the segments: `//host` must never become a redirect
                // to another site.
                let query = request.query.map { "?" + $0 } ?? ""
                let path = segments.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
                    .joined(separator: "/")
                return HTTPResponse(status: 301, headers: ["Location": "/" + path + "/" + query], text: "")
            }
            guard let index = resolve(segments + ["index.html"]), !index.isDirectory else { return .plain(404) }
            file = index
        }
        return respond(to: request, with: file)
    }

    /// Why a request path cannot name a file: 400 for what no browser sends, 404 for escapes.
    static func segments(of path: String) -> Result<[String], StatusCode> {
        guard let decoded = path.removingPercentEncoding else { return .failure(StatusCode(400)) }
        guard !decoded.contains("\0") else { return .failure(StatusCode(400)) }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // `..` and `.` never name a file here, however they were encoded.
        guard !segments.contains(where: { $0 == ".." || $0 == "." }) else { return .failure(StatusCode(404)) }
        return .success(segments)
    }

    /// A file found under the root.
    struct ServedFile {
        var path: String
        var isDirectory: Bool
        var size: Int
        var modified: Date
    }

    /// The file `segments` name, when it exists and, symbolic links followed, stays under the root.
    func resolve(_ segments: [String]) -> ServedFile? {
        var url = root
        for segment in segments { url.appendPathComponent(segment) }
        let real = url.resolvingSymlinksInPath().path
        guard real == root.path || real.hasPrefix(root.path == "/" ? "/" : root.path + "/") else { return nil }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: real),
            let type = attributes[.type] as? FileAttributeType,
            type == .typeRegular || type == .typeDirectory
        else { return nil }
        return ServedFile(
            path: real, isDirectory: type == .typeDirectory, size: (attributes[.size] as? Int) ?? 0,
            modified: (attributes[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0))
    }

    private func respond(to request: HTTPRequest, with file: ServedFile) -> HTTPResponse {
        let type = MediaType.forFile(named: (file.path as NSString).lastPathComponent)
        let injects = injectedScript != nil && type.hasPrefix("text/html")
        let modifiedNanoseconds = Int64(file.modified.timeIntervalSince1970 * 1_000_000_000)
        let etag =
            "\"\(String(file.size, radix: 16))-\(String(modifiedNanoseconds, radix: 16))\(injects ? "-lr" : "")\""
        let lastModified = DateCodec.httpDate(file.modified)
        var headers: HTTPHeaders = [
            "Content-Type": type, "ETag": etag, "Last-Modified": lastModified, "Cache-Control": "no-cache",
        ]
        for field in Self.mirrorHeaders(for: file.path, under: root, type: type) { headers[field.name] = field.value }
        if Self.isNotModified(request, etag: etag, modified: file.modified) {
            return HTTPResponse(status: 304, headers: headers, body: .data(Data()))
        }
        if injects, let script = injectedScript {
            guard let page = FileManager.default.contents(atPath: file.path) else { return .plain(404) }
            return HTTPResponse(status: 200, headers: headers, body: .data(Self.inject(script, into: page)))
        }
        headers["Accept-Ranges"] = "bytes"
        // If-Range (RFC 9110 §13.1.5): a range only of the version the client already holds.
        let ifRangeHolds = request.headers["If-Range"].map { $0 == etag || $0 == lastModified } ?? true
        switch ifRangeHolds ? ByteRange.parse(request.headers["Range"], size: file.size) : .whole {
        case .whole:
            return HTTPResponse(
                status: 200, headers: headers, body: .file(path: file.path, offset: 0, length: file.size))
        case .range(let range):
            headers["Content-Range"] = "bytes \(range.first)-\(range.last)/\(file.size)"
            return HTTPResponse(
                status: 206, headers: headers,
                body: .file(path: file.path, offset: UInt64(range.first), length: range.length))
        case .unsatisfiable:
            var response = HTTPResponse.plain(416)
            response.headers["Content-Range"] = "bytes */\(file.size)"
            return response
        }
    }

    /// Files that `trawl download` mirrored (under `files/`) came from other sites: none may
    /// run script as this one. Active types are downloads (`Content-Disposition: attachment`)
    /// in a sandbox (`Content-Security-Policy: sandbox`); no type is sniffed.
    static func mirrorHeaders(for path: String, under root: URL, type: String) -> HTTPHeaders {
        guard path.hasPrefix(root.path + "/files/") else { return [:] }
        var headers: HTTPHeaders = ["X-Content-Type-Options": "nosniff"]
        if !MediaType.isPassive(type) {
            let name = (path as NSString).lastPathComponent.filter { $0 != "\"" && $0 != "\\" && $0.isASCII }
            headers["Content-Disposition"] = "attachment; filename=\"\(name)\""
            headers["Content-Security-Policy"] = "sandbox"
        }
        return headers
    }

    /// RFC 9110 §13.2.2: If-None-Match decides when present; else If-Modified-Since, to the second.
    static func isNotModified(_ request: HTTPRequest, etag: String, modified: Date) -> Bool {
        if let presented = request.headers["If-None-Match"] {
            let tags = presented.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return tags.contains("*") || tags.contains { $0 == etag || $0 == "W/" + etag }
        }
        if let since = request.headers["If-Modified-Since"].flatMap(DateCodec.parseHTTPDate) {
            return modified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
        }
        return false
    }

    /// The page with `script` before its last `</body>`, or at its end when it has none.
    static func inject(_ script: String, into page: Data) -> Data {
        let marker = Data("</body>".utf8)
        let lowered = Data(page.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 })
        guard let range = lowered.range(of: marker, options: .backwards) else { return page + Data(script.utf8) }
        var result = Data(page[..<range.lowerBound])
        result.append(Data(script.utf8))
        result.append(page[range.lowerBound...])
        return result
    }
}

/// An HTTP status as an error, for paths the handler turns away.
struct StatusCode: Error, Equatable {
    let code: Int
    init(_ code: Int) { self.code = code }
}

/// Why `trawl serve` cannot start.
enum ServeError: Error, CustomStringConvertible, Sendable {
    case notADirectory(String)

    var description: String {
        switch self {
        case .notADirectory(let path): return "\(path): not a folder (run 'trawl generate' first?)"
        }
    }
}
