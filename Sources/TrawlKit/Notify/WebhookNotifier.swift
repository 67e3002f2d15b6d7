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
        var description: String
    }

    func send(_ notification: RunNotification) async throws {
        let request = try self.request(for: notification)
        let transport = HTTPTransport()
        var lastProblem = ""
        for attempt in 1...max(1, webhook.attempts) {
            if attempt > 1 { try? await Task.sleep(for: backoff * (1 << min(attempt - 2, 6))) }
            do {
                let response = try await transport.send(
                    request, limit: 1 << 20, connectTimeout: webhook.timeout, timeout: webhook.timeout)
                if (200..<300).contains(response.status) { return }
                lastProblem = "HTTP \(response.status)"
                // A refusal will not change in a second; a busy or broken receiver may.
                if (400..<500).contains(response.status), response.status != 408, response.status != 429 { break }
            } catch {
                lastProblem = error.description
            }
        }
        throw Failure(
            description: "\(lastProblem) (\(CountText.of(webhook.attempts, "attempt", "attempts")))")
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
            body = Self.json(["text": NotificationText.plain(notification)])
        case .discord:
            // Discord refuses a message over 2,000 characters.
            body = Self.json(["content": NotificationText.plain(notification, limit: 1_900)])
        case .ntfy:
            contentType = "text/markdown; charset=utf-8"
            body = Data(NotificationText.markdown(notification).utf8)
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
            let markdown = NotificationText.markdown(notification)
            body = Self.json([
                "msgtype": "m.text", "body": NotificationText.plain(notification),
                "format": "org.matrix.custom.html", "formatted_body": MarkdownRenderer.html(markdown),
            ])
        }
        var request = TransportRequest(url: url, method: method, body: body)
        request.headers["Content-Type"] = contentType
        request.headers["User-Agent"] = "Trawl"
        request.headers["X-Trawl-Run"] = notification.run
        for (name, value) in extra { request.headers[name] = value }
        for header in webhook.headers { request.headers[header.name] = header.value }
        return request
    }

    /// A flat object of strings, keys sorted so the same message gives the same bytes.
    private static func json(_ members: [String: String]) -> Data {
        let sorted = members.sorted { $0.key < $1.key }.map { (key: $0.key, value: JSONValue.string($0.value)) }
        return Data(JSONWriter.bytes(.object(sorted), style: .compact))
    }
}
