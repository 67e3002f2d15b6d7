import Foundation
import TrawlJSON

/// A JSON object from the DevTools protocol (TrawlJSON's `JSONValue`).
struct DevToolsMessage: Sendable {
    let value: JSONValue

    static let empty = DevToolsMessage(value: [:])

    func string(_ key: String) -> String? { value[key]?.stringValue }
    func int(_ key: String) -> Int? { value[key]?.numberValue?.int }
    func bool(_ key: String) -> Bool? { value[key]?.boolValue }
    /// An array of strings; nil when it is not one.
    func strings(_ key: String) -> [String]? {
        guard let elements = value[key]?.arrayValue else { return nil }
        let strings = elements.compactMap(\.stringValue)
        return strings.count == elements.count ? strings : nil
    }
    /// An object whose values are strings (HTTP headers), the others left out.
    func stringMembers(_ key: String) -> [(key: String, value: String)] {
        (value[key]?.objectValue ?? []).compactMap { member in member.value.stringValue.map { (member.key, $0) } }
    }
    func message(_ key: String) -> DevToolsMessage? {
        guard let object = value[key], object.objectValue != nil else { return nil }
        return DevToolsMessage(value: object)
    }
}

/// The DevTools protocol over a pipe: JSON messages, each ended by a NUL byte. Commands
/// carry an id and get an answer with the same id; everything else is an event.
final class DevToolsConnection: @unchecked Sendable {
    struct Failure: Error {
        var method: String
        var message: String
    }

    struct Closed: Error {}

    private let output: Int32
    private let input: Int32
    private let lock = NSLock()
    private var nextID = 1
    private var pending: [Int: (method: String, continuation: CheckedContinuation<DevToolsMessage, Error>)] = [:]
    private var closed = false
    private let onEvent: @Sendable (_ method: String, _ params: DevToolsMessage, _ session: String?) -> Void

    /// - Parameters:
    ///   - commands: where commands are written (the browser's fd 3).
    ///   - answers: where answers and events are read (the browser's fd 4).
    init(
        commands: Int32, answers: Int32,
        onEvent: @escaping @Sendable (String, DevToolsMessage, String?) -> Void
    ) {
        self.output = commands
        self.input = answers
        self.onEvent = onEvent
        let thread = Thread { [self] in readAnswers() }
        thread.name = "trawl-devtools"
        thread.start()
    }

    /// Sends `method` and waits for its answer's `result`.
    @discardableResult
    func call(
        _ method: String, _ params: JSONValue = [:], session: String? = nil
    ) async throws
        -> DevToolsMessage
    {
        try await withCheckedThrowingContinuation { continuation in
            let id: Int? = lock.withLock {
                guard !closed else { return nil }
                defer { nextID += 1 }
                pending[nextID] = (method, continuation)
                return nextID
            }
            guard let id else {
                continuation.resume(throwing: Closed())
                return
            }
            var message: [(key: String, value: JSONValue)] = [
                ("id", .int(id)), ("method", .string(method)), ("params", params),
            ]
            if let session { message.append(("sessionId", .string(session))) }
            var data = JSONWriter.bytes(.object(message), style: .compact)
            data.append(0)
            let written = data.withUnsafeBytes { bytes -> Bool in
                var offset = 0
                while offset < bytes.count {
                    let count = write(output, bytes.baseAddress! + offset, bytes.count - offset)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return false }
                    offset += count
                }
                return true
            }
            if !written { fail(id, Closed()) }
        }
    }

    private func fail(_ id: Int, _ error: Error) {
        lock.withLock { pending.removeValue(forKey: id) }?.continuation.resume(throwing: error)
    }

    /// Reads until the browser closes its end; then every waiting call fails.
    private func readAnswers() {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(input, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.append(contentsOf: chunk[0..<count])
            while let end = buffer.firstIndex(of: 0) {
                dispatch(buffer[0..<end])
                buffer.removeSubrange(0...end)
            }
        }
        let waiting = lock.withLock { () -> [CheckedContinuation<DevToolsMessage, Error>] in
            closed = true
            defer { pending = [:] }
            return pending.values.map(\.continuation)
        }
        for continuation in waiting { continuation.resume(throwing: Closed()) }
    }

    private func dispatch(_ bytes: ArraySlice<UInt8>) {
        guard let value = try? JSONParser.parse(bytes), value.objectValue != nil else { return }
        let message = DevToolsMessage(value: value)
        if let id = message.int("id") {
            guard let entry = lock.withLock({ pending.removeValue(forKey: id) }) else { return }
            if let error = message.message("error") {
                entry.continuation.resume(
                    throwing: Failure(method: entry.method, message: error.string("message") ?? "unknown error"))
            } else {
                entry.continuation.resume(returning: message.message("result") ?? .empty)
            }
        } else if let method = message.string("method") {
            onEvent(method, message.message("params") ?? .empty, message.string("sessionId"))
        }
    }
}
