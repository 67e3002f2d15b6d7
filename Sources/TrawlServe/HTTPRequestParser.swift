import Foundation

/// Why the server could not read a request; each maps to the status it answers with. A struct
/// over a private code, as AsyncHTTPClient's `HTTPClientError` is, so a new kind breaks no
/// embedder's `switch`.
public struct HTTPParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong; compare with `==` (`error.code == .headerTooLarge`).
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case malformed, headerTooLarge, bodyTooLarge, unsupportedTransferEncoding
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The head breaks RFC 9112; `detail` says where (400).
        public static let malformed = Code(.malformed)
        /// The head is longer than `maxHeaderBytes` (431).
        public static let headerTooLarge = Code(.headerTooLarge)
        /// `Content-Length` is more than `maxBodyBytes` (413).
        public static let bodyTooLarge = Code(.bodyTooLarge)
        /// A `Transfer-Encoding` (chunked bodies are not read) (501).
        public static let unsupportedTransferEncoding = Code(.unsupportedTransferEncoding)

        public var description: String { value.rawValue }
    }

    public let code: Code
    /// What in the head is malformed (`malformed`).
    public let detail: String?

    private init(_ code: Code, detail: String? = nil) {
        self.code = code
        self.detail = detail
    }

    static func malformed(_ detail: String) -> HTTPParseError { .init(.malformed, detail: detail) }
    static let headerTooLarge = HTTPParseError(.headerTooLarge)
    static let bodyTooLarge = HTTPParseError(.bodyTooLarge)
    static let unsupportedTransferEncoding = HTTPParseError(.unsupportedTransferEncoding)

    /// The kind, and for a malformed head where it breaks.
    public var description: String { detail.map { "\(code): \($0)" } ?? code.description }

    var status: Int {
        switch code {
        case .malformed: return 400
        case .headerTooLarge: return 431
        case .bodyTooLarge: return 413
        default: return 501
        }
    }
}

/// Reads HTTP/1.1 requests out of the bytes of a connection as they arrive (RFC 9112),
/// with limits on the size of the head and the body.
public struct HTTPRequestParser: Sendable {
    /// The longest request head accepted, in bytes (431 past it).
    public var maxHeaderBytes: Int
    /// The longest body accepted, in bytes (413 past it).
    public var maxBodyBytes: Int
    private var buffer = Data()

    /// A parser with nothing read yet.
    public init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1024 * 1024) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// Adds bytes read from the connection; `nextRequest()` then looks for a whole request.
    public mutating func append(_ bytes: Data) {
        buffer.append(bytes)
    }

    /// The next complete request, or nil when more bytes are needed.
    public mutating func nextRequest() throws(HTTPParseError) -> HTTPRequest? {
        // RFC 9112 §2.2: a server should ignore empty lines before a request line.
        while buffer.starts(with: [0x0D, 0x0A]) { buffer.removeFirst(2) }
        guard let headEnd = buffer.firstRange(of: Data([0x0D, 0x0A, 0x0D, 0x0A])) else {
            if buffer.count > maxHeaderBytes { throw .headerTooLarge }
            return nil
        }
        let headLength = headEnd.lowerBound - buffer.startIndex
        guard headLength <= maxHeaderBytes else { throw .headerTooLarge }
        let head = buffer[buffer.startIndex..<headEnd.lowerBound]
        guard !head.contains(0) else { throw .malformed("NUL byte in the request head") }
        guard let text = String(data: head, encoding: .utf8) ?? String(data: head, encoding: .isoLatin1) else {
            throw .malformed("unreadable request head")
        }
        var request = try Self.parseHead(text)
        if request.headers["Transfer-Encoding"] != nil { throw .unsupportedTransferEncoding }
        var bodyLength = 0
        if let lengthText = request.headers["Content-Length"] {
            guard let length = Int(lengthText.trimmingCharacters(in: .whitespaces)), length >= 0 else {
                throw .malformed("bad Content-Length")
            }
            bodyLength = length
        }
        guard bodyLength <= maxBodyBytes else { throw .bodyTooLarge }
        let bodyStart = headEnd.upperBound
        guard buffer.endIndex - bodyStart >= bodyLength else { return nil }
        request.body = Data(buffer[bodyStart..<(bodyStart + bodyLength)])
        buffer = Data(buffer[(bodyStart + bodyLength)...])
        return request
    }

    static func parseHead(_ text: String) throws(HTTPParseError) -> HTTPRequest {
        var lines = text.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3 else { throw .malformed("bad request line") }
        let method = String(requestLine[0])
        let target = String(requestLine[1])
        let version = String(requestLine[2])
        guard !method.isEmpty, method.allSatisfy({ $0.isLetter && $0.isUppercase }) else {
            throw .malformed("bad method")
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .malformed("unsupported version") }
        guard target.hasPrefix("/") || target == "*" || target.hasPrefix("http://") else {
            throw .malformed("bad request target")
        }
        guard target.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw .malformed("bad character in the request target")
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw .malformed("bad header line")
            }
            let name = String(line[..<colon])
            guard !name.contains(" "), !name.contains("\t") else { throw .malformed("space in a header name") }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.add(name, value)
        }
        return HTTPRequest(method: method, target: originForm(target), version: version, headers: headers)
    }

    /// `http://host/path` (absolute form, RFC 9112 §3.2.2) becomes `/path`.
    private static func originForm(_ target: String) -> String {
        guard target.hasPrefix("http://") else { return target }
        let rest = target.dropFirst("http://".count)
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return String(rest[slash...])
    }
}
