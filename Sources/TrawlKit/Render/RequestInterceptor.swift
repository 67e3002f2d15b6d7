import Foundation
import TrawlJSON

/// Decides each request the page makes (`Fetch.requestPaused`): refuses images, media and
/// fonts unless asked for, and adds the source's headers and credentials to requests for
/// its own origin only, so a third-party script never sees them.
final class RequestInterceptor: @unchecked Sendable {
    let options: RequestOptions
    let origin: String?
    let blocked: Set<String>
    /// The proxy's user and password, for its challenge only.
    let proxyCredentials: Credentials?
    weak var connection: DevToolsConnection?

    init(options: RequestOptions, origin: String?, blocked: Set<String>, proxyCredentials: Credentials? = nil) {
        self.options = options
        self.origin = origin
        self.blocked = blocked
        self.proxyCredentials = proxyCredentials
    }

    /// A challenge (`Fetch.authRequired`, asked for only with a proxy's credentials): the
    /// proxy's is answered with them; a server's gets the browser's default, so the
    /// proxy's secret never goes to a site.
    func authRequired(_ params: DevToolsMessage, session: String?) {
        guard let connection, let id = params.string("requestId") else { return }
        var response: [(key: String, value: JSONValue)] = [("response", "Default")]
        if params.message("authChallenge")?.string("source") == "Proxy", let credentials = proxyCredentials {
            response = [
                ("response", "ProvideCredentials"), ("username", .string(credentials.user)),
                ("password", .string(credentials.password)),
            ]
        }
        Task { [response] in
            try? await connection.call(
                "Fetch.continueWithAuth",
                ["requestId": .string(id), "authChallengeResponse": .object(response)], session: session)
        }
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
