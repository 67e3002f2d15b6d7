import Foundation
import TrawlJSON

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// POSTs a notification to a web hook, shaped for its `format`, with a time limit per
/// attempt and retries with back-off; what still fails waits for the next run.
struct WebhookNotifier: Sendable {
    let webhook: NotifierConfiguration.Webhook
    /// Names this delivery, so a retried Matrix message is not posted twice.
    let deliveryID: String
    /// The first retry's wait; each later one doubles it.
    var backoff: Duration = .milliseconds(500)

    struct Failure: Error, CustomStringConvertible {
        var problem: String
        /// The attempts made, which a refusal cuts short.
        var attempts: Int
        /// The receiver refused the message (HTTP 4xx but 408 and 429): the same message
        /// would be refused again, tonight or any night.
        var isRefusal = false

        var description: String { "\(problem) (\(CountText.of(attempts, "attempt", "attempts")))" }
    }

    func send(_ notification: RunNotification) async throws {
        let request = try self.request(for: notification)
        let transport = HTTPTransport()
        var failure = Failure(problem: "", attempts: 0)
        for attempt in 1...max(1, webhook.attempts) {
            if attempt > 1 { try? await Task.sleep(for: backoff * (1 << min(attempt - 2, 6))) }
            failure.attempts = attempt
            do {
                let response = try await transport.send(
                    request, limit: 1 << 20, connectTimeout: webhook.timeout, timeout: webhook.timeout)
                if (200..<300).contains(response.status) { return }
                failure.problem = "HTTP \(response.status)"
                // A refusal will not change in a second; a busy or broken receiver may.
                if Self.isRefusal(response.status) {
                    failure.isRefusal = true
                    break
                }
            } catch {
                failure.problem = error.description
            }
        }
        throw failure
    }

    /// 4xx but 408 (timeout) and 429 (too many requests), which say "later", not "never".
    static func isRefusal(_ status: Int) -> Bool {
        (400..<500).contains(status) && status != 408 && status != 429
    }

    /// The request for the configured format.
    func request(for notification: RunNotification) throws -> TransportRequest {
        var url = webhook.url
        var method = "POST"
        var contentType = "application/json"
        var extra: [(String, String)] = []
        let body: Data
        switch webhook.format {
        case .json:
            body = notification.jsonData
        case .slack:
            body = ChatBody.slack(notification)
        case .discord:
            body = ChatBody.discord(notification)
        case .ntfy:
            contentType = "text/markdown; charset=utf-8"
            body = ChatBody.ntfy(notification)
            // ntfy reads RFC 2047 words in its headers; an HTTP header stays on one line.
            let title = MailHeader.encodedWord(notification.subject).replacingOccurrences(of: "\n ", with: " ")
            extra = [("Title", title), ("Markdown", "yes"), ("Tags", "trawl")]
            if let site = notification.digest ?? notification.site { extra.append(("Click", site)) }
        case .matrix:
            // The client-server API's send endpoint takes a transaction id, which makes a retry
            // idempotent: PUT …/send/m.room.message/{txnId}.
            if url.path.hasSuffix("/send/m.room.message") {
                url = url.appendingPathComponent(deliveryID)
                method = "PUT"
            }
            body = ChatBody.matrix(notification)
        }
        var request = TransportRequest(url: url, method: method, body: body)
        request.headers["Content-Type"] = contentType
        request.headers["User-Agent"] = "Trawl"
        request.headers["X-Trawl-Run"] = notification.run
        for (name, value) in extra { request.headers[name] = value }
        for header in webhook.headers { request.headers[header.name] = header.value }
        return request
    }
}
