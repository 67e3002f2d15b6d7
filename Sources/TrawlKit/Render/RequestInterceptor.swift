import Foundation

/// Decides each request the page makes (`Fetch.requestPaused`): refuses images, media and
/// fonts unless asked for, and adds the source's headers and credentials to requests for
/// its own origin only, so a third-party script never sees them.
final class RequestInterceptor: @unchecked Sendable {
    let options: RequestOptions
    let origin: String?
    let blocked: Set<String>
    weak var connection: DevToolsConnection?

    init(options: RequestOptions, origin: String?, blocked: Set<String>) {
        self.options = options
        self.origin = origin
        self.blocked = blocked
    }

    func paused(_ params: DevToolsMessage, session: String?) {
        guard let connection, let id = params.string("requestId") else { return }
        let request = params.message("request")
        if let type = params.string("resourceType"), blocked.contains(type) {
            Task {
                try? await connection.call(
                    "Fetch.failRequest", ["requestId": id, "errorReason": "BlockedByClient"], session: session)
            }
            return
        }
        var parameters: [String: Any] = ["requestId": id]
        if let target = request?.string("url").flatMap(URL.init(string:)), let origin,
            Fetcher.origin(of: target) == origin
        {
            var headers = request?.object["headers"] as? [String: String] ?? [:]
            // Cookies go through the browser's own jar (Network.setCookies), by their rules.
            for field in options.headerFields(for: target, origin: origin) where field.name != "Cookie" {
                headers[field.name] = field.value
            }
            parameters["headers"] = headers.sorted { $0.key < $1.key }.map { ["name": $0.key, "value": $0.value] }
        }
        Task { try? await connection.call("Fetch.continueRequest", parameters, session: session) }
    }
}
