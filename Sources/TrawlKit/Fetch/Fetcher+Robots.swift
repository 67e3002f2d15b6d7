import Foundation
import TrawlText

extension Fetcher {
    /// Throws unless the host's robots.txt lets this crawler fetch `url`.
    /// `proxy`: the source's own, through which robots.txt is asked for too (its host may
    /// be reachable no other way).
    func checkRobots(_ url: URL, requested: URL, proxy: ProxyAddress? = nil) async throws {
        guard url.path != "/robots.txt", let origin = Self.origin(of: url) else { return }
        let verdict = await robots.verdict(for: origin) { [self] in await loadRobots(origin: origin, proxy: proxy) }
        switch verdict {
        case .rules(let robotsTxt):
            guard robotsTxt.allows(url, userAgent: settings.robotsToken) else {
                throw FetchError.disallowedByRobots(requested)
            }
        case .unreachable(let reason):
            throw FetchError.robotsUnreachable(requested, reason: reason)
        case .failed(let failure):
            // The host did not answer at all: say so plainly, about the page asked for.
            switch failure.code {
            case .timedOut: throw FetchError.timedOut(requested)
            case .unreachable: throw FetchError.unreachable(requested, reason: failure.reason ?? "")
            default: throw failure
            }
        }
    }

    /// Takes the robots.txt earlier nights kept (from the cache), for the night starting at
    /// `night`: what was checked within a day is used without asking, the rest is asked for
    /// conditionally.
    func recallRobots(_ records: [String: RobotsRecord], night: Date) async {
        await robots.recall(records, night: night)
    }

    /// The robots.txt to keep for the next nights; nil when tonight asked no host for it.
    func robotsToKeep() async -> [String: RobotsRecord]? {
        await robots.records()
    }

    /// Fetches and reads `origin/robots.txt` (RFC 9309 §2.3.1): 2xx gives its rules, 4xx
    /// allows everything, 5xx or no answer disallows everything; up to five redirects.
    /// A copy kept from an earlier night is used as it is within a day (§2.4), and after
    /// that asked for with its validators: a 304 keeps it.
    private func loadRobots(origin: String, proxy: ProxyAddress?) async -> RobotsVerdict {
        let kept = await robots.kept(for: origin)
        if let kept, kept.isFresh { return .rules(kept.record.rules) }
        guard var url = URL(string: origin + "/robots.txt") else { return .rules(.allowAll) }
        for _ in 0...5 {
            let response: TransportResponse
            do {
                response = try await exchange(url, requested: url, validators: kept?.record.validators, proxy: proxy)
            } catch let error as FetchError {
                if error.code == .tooLarge { return .rules(.allowAll) }
                return .failed(error)
            } catch {
                return .unreachable("\(error)")
            }
            if response.status == 304, let record = kept?.record {
                await robots.renew(origin, text: record.text, validators: record.validators)
                return .rules(record.rules)
            }
            switch response.status {
            case 200..<300:
                // RFC 9309 §2.5: the first 500 KiB at least are parsed; the rest may be ignored.
                let text = String(decoding: response.body.prefix(RobotsTxt.parsedBytes), as: UTF8.self)
                let validators = HTTPValidators(
                    etag: response.headers["ETag"], lastModified: response.headers["Last-Modified"])
                await robots.renew(origin, text: text, validators: validators)
                return .rules(RobotsTxt(parsing: text))
            case 300..<400:
                guard let location = response.headers["Location"],
                    let next = URL(reference: location, relativeTo: url)
                else { return .rules(.allowAll) }
                // Followed by the rule every redirect keeps: to `file:` it is refused, for good
                // (no network failure to retry).
                guard next.mayBeFollowed(from: url, within: nil) else {
                    return .failed(.refusedLink(url, target: location, via: "robots.txt's redirect"))
                }
                url = next
            case 400..<500:
                await robots.renew(origin, text: nil, validators: HTTPValidators())
                return .rules(.allowAll)
            default:
                return .unreachable("HTTP \(response.status)")
            }
        }
        // RFC 9309 §2.3.1.2: past five redirects, robots.txt counts as unavailable.
        return .rules(.allowAll)
    }

    /// `scheme://host:port`, the unit robots.txt and politeness apply to.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }
}
