import Foundation

/// A JSON object from the DevTools protocol, passed between threads read-only.
struct DevToolsMessage: @unchecked Sendable {
    let object: [String: Any]

    subscript(key: String) -> Any? { object[key] }
    func string(_ key: String) -> String? { object[key] as? String }
    func message(_ key: String) -> DevToolsMessage? { (object[key] as? [String: Any]).map(DevToolsMessage.init) }
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
        _ method: String, _ params: [String: Any] = [:], session: String? = nil
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
            var message: [String: Any] = ["id": id, "method": method, "params": params]
            if let session { message["sessionId"] = session }
            guard var data = try? JSONSerialization.data(withJSONObject: message) else {
                fail(id, Failure(method: method, message: "parameters are not JSON"))
                return
            }
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
                let message = Data(buffer[0..<end])
                buffer.removeSubrange(0...end)
                dispatch(message)
            }
        }
        let waiting = lock.withLock { () -> [CheckedContinuation<DevToolsMessage, Error>] in
            closed = true
            defer { pending = [:] }
            return pending.values.map(\.continuation)
        }
        for continuation in waiting { continuation.resume(throwing: Closed()) }
    }

    private func dispatch(_ data: Data) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return }
        let message = DevToolsMessage(object: object)
        if let id = object["id"] as? Int {
            guard let entry = lock.withLock({ pending.removeValue(forKey: id) }) else { return }
            if let error = message.message("error") {
                entry.continuation.resume(
                    throwing: Failure(method: entry.method, message: error.string("message") ?? "unknown error"))
            } else {
                entry.continuation.resume(returning: message.message("result") ?? DevToolsMessage(object: [:]))
            }
        } else if let method = message.string("method") {
            onEvent(method, message.message("params") ?? DevToolsMessage(object: [:]), message.string("sessionId"))
        }
    }
}
