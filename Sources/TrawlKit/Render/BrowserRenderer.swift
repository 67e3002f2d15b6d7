import Foundation
import TrawlJSON

/// Loads one page in a fresh headless Chromium, lets its scripts run, and returns the DOM
/// they built as a page, which the scrapers read exactly as a fetched one.
///
/// Driven through the DevTools protocol over `--remote-debugging-pipe`: requests are
/// intercepted (`Fetch.enable`) so images, media and fonts are refused unless asked for
/// and the source's headers reach only its own origin; `waitFor` and "the network went
/// quiet" are watched through events; on timeout the whole process group is killed.
struct BrowserRenderer: Sendable {
    let settings: RenderSettings
    let options: RequestOptions
    let userAgent: String
    let maxBytes: Int
    /// The proxy Chromium goes through (`--proxy-server`); its credentials, if any, are
    /// given over the DevTools pipe when the proxy asks (`Fetch.authRequired`), never on
    /// the command line, where `ps` would show them.
    var proxy: ProxyAddress?

    /// How long the network must stay quiet, after the load event, for a page without `waitFor`.
    static let quiet: Duration = .milliseconds(500)
    static let blockedTypes: Set<String> = ["Image", "Media", "Font"]

    func render(_ url: URL) async throws -> FetchedPage {
        let browser = try BrowserProcess.launch(executable: settings.executable, url: url, proxy: proxy)
        defer { browser.end() }
        let activity = PageActivity()
        let origin = Fetcher.origin(of: url)
        let interceptor = RequestInterceptor(
            options: options, origin: origin, blocked: settings.loadImages ? [] : Self.blockedTypes,
            proxyCredentials: proxy?.credentials)
        let connection = DevToolsConnection(commands: browser.commands, answers: browser.answers) {
            method, params, session in
            activity.record(method, params)
            if method == "Fetch.requestPaused" { interceptor.paused(params, session: session) }
            if method == "Fetch.authRequired" { interceptor.authRequired(params, session: session) }
        }
        interceptor.connection = connection
        let deadline = ContinuousClock.now + settings.timeout
        // The backstop: whatever the page does, the browser does not outlive the deadline.
        let killer = Task {
            try await Task.sleep(until: deadline + .seconds(1), clock: .continuous)
            browser.kill()
        }
        defer { killer.cancel() }
        do {
            return try await load(url, connection: connection, activity: activity, deadline: deadline)
        } catch let error as RenderError {
            throw error
        } catch let failure as DevToolsConnection.Failure {
            throw RenderError.protocolFailure(url, method: failure.method, message: failure.message)
        } catch is DevToolsConnection.Closed {
            if activity.bytesReceived > maxBytes { throw RenderError.tooLarge(url, limit: maxBytes) }
            if ContinuousClock.now >= deadline { throw RenderError.timedOut(url, seconds: settings.timeout.seconds) }
            throw RenderError.browserExited(url)
        }
    }

    private func load(
        _ url: URL, connection: DevToolsConnection, activity: PageActivity, deadline: ContinuousClock.Instant
    ) async throws -> FetchedPage {
        let target = try await connection.call("Target.createTarget", ["url": "about:blank"])
        let attached = try await connection.call(
            "Target.attachToTarget", ["targetId": .string(target.string("targetId") ?? ""), "flatten": true])
        let session = attached.string("sessionId")
        try await connection.call("Page.enable", session: session)
        try await connection.call("Network.enable", session: session)
        try await connection.call("Network.setUserAgentOverride", ["userAgent": .string(userAgent)], session: session)
        try await connection.call(
            "Fetch.enable",
            ["patterns": [["urlPattern": "*"]], "handleAuthRequests": .bool(proxy?.credentials != nil)],
            session: session)
        let cookies = options.cookies.filter { $0.expires.map { Double($0) > Date().timeIntervalSince1970 } ?? true }
        if !cookies.isEmpty {
            try await connection.call(
                "Network.setCookies",
                ["cookies": .array(cookies.map(\.devToolsParameters))], session: session)
        }
        let navigation = try await connection.call(
            "Page.navigate", ["url": .string(url.absoluteString)], session: session)
        if let problem = navigation.string("errorText") {
            throw RenderError.navigationFailed(url, reason: problem)
        }
        try await waitUntilReady(url, connection: connection, session: session, activity: activity, deadline: deadline)
        let dom = try await connection.call(
            "Runtime.evaluate",
            [
                "expression": "[location.href, document.documentElement ? document.documentElement.outerHTML : '']",
                "returnByValue": true,
            ], session: session)
        let values = dom.message("result")?.strings("value") ?? []
        guard values.count == 2 else {
            throw RenderError.protocolFailure(url, method: "Runtime.evaluate", message: "no document")
        }
        let html = "<!DOCTYPE html>\n" + values[1]
        guard html.utf8.count <= maxBytes, activity.bytesReceived <= maxBytes else {
            throw RenderError.tooLarge(url, limit: maxBytes)
        }
        _ = try? await connection.call("Browser.close")
        return FetchedPage(
            requestedURL: url, url: URL(string: values[0]) ?? url, body: Data(html.utf8),
            contentType: "text/html; charset=utf-8")
    }

    /// Until `waitFor` matches, or (without it) the page loaded and its network went quiet.
    private func waitUntilReady(
        _ url: URL, connection: DevToolsConnection, session: String?, activity: PageActivity,
        deadline: ContinuousClock.Instant
    ) async throws {
        let probe = settings.waitFor.map { selector -> String in
            "document.querySelector(\(JSONEscaper.quoted(selector))) !== null"
        }
        while ContinuousClock.now < deadline {
            if activity.bytesReceived > maxBytes { throw RenderError.tooLarge(url, limit: maxBytes) }
            if let probe {
                let answer = try await connection.call(
                    "Runtime.evaluate", ["expression": .string(probe), "returnByValue": true], session: session)
                if answer.message("result")?.bool("value") == true { return }
            } else if activity.hasLoaded && activity.isIdle(for: Self.quiet) {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let seconds = settings.timeout.seconds
        if let selector = settings.waitFor {
            throw RenderError.selectorNeverAppeared(url, selector: selector, seconds: seconds)
        }
        throw activity.hasLoaded ? RenderError.neverSettled(url, seconds: seconds) : .timedOut(url, seconds: seconds)
    }
}

extension Cookie {
    /// `Network.CookieParam`.
    var devToolsParameters: JSONValue {
        var parameters: [(key: String, value: JSONValue)] = [
            ("name", .string(name)), ("value", .string(value)),
            ("domain", .string(includeSubdomains ? "." + domain : domain)), ("path", .string(path)),
            ("secure", .bool(secureOnly)),
        ]
        if let expires { parameters.append(("expires", .number(JSONNumber(Int(expires))))) }
        return .object(parameters)
    }
}
