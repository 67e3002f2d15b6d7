import Foundation
import TrawlJSON

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
                    "Fetch.failRequest", ["requestId": .string(id), "errorReason": "BlockedByClient"],
                    session: session)
            }
            return
        }
        var parameters: [(key: String, value: JSONValue)] = [("requestId", .string(id))]
        if let target = request?.string("url").flatMap(URL.init(string:)), let origin,
            Fetcher.origin(of: target) == origin
        {
            var headers = Dictionary(request?.stringMembers("headers") ?? [], uniquingKeysWith: { $1 })
            // Cookies go through the browser's own jar (Network.setCookies), by their rules.
            for field in options.headerFields(for: target, origin: origin) where field.name != "Cookie" {
                headers[field.name] = field.value
            }
            let fields = headers.sorted { $0.key < $1.key }.map { field -> JSONValue in
                ["name": .string(field.key), "value": .string(field.value)]
            }
            parameters.append(("headers", .array(fields)))
        }
        Task { [parameters] in
            try? await connection.call("Fetch.continueRequest", .object(parameters), session: session)
        }
    }
}
