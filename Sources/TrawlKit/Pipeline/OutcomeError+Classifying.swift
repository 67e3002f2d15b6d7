import Foundation

extension OutcomeError {
    /// The failure `error` as the run record keeps it: its kind and context read from the
    /// error's type and cases, and `message` (what it means for what is shown) as its words.
    init(classifying error: Error, message: String) {
        self.init(kind: .other, message: message)
        switch error {
        case let error as FetchError: classify(error)
        case let error as RenderError: classify(error)
        case let error as ScrapeError: classify(error)
        case let error as CacheError:
            kind = .disk
            path = error.path
        case let error as ConfigurationError:
            kind = .configuration
            path = error.file
        case is CancellationError: kind = .stopped
        default: break
        }
    }

    private mutating func classify(_ error: FetchError) {
        url = error.url
        switch error {
        case .unreachable, .tooManyRedirects, .insecureRedirect, .redirectWithoutLocation, .invalidResponse,
            .unusableBody:
            kind = .network
        case .timedOut: kind = .timeout
        case .notFound(_, let status), .serverError(_, let status), .requestFailed(_, let status):
            kind = .httpStatus
            self.status = status
        case .tooLarge: kind = .tooLarge
        case .disallowedByRobots, .robotsUnreachable: kind = .robots
        case .unsupportedScheme: kind = .configuration
        case .unreadableFile(let url, _):
            kind = .file
            path = url.path
        }
    }

    private mutating func classify(_ error: RenderError) {
        url = error.url
        switch error {
        case .launchFailed, .browserExited, .navigationFailed, .protocolFailure: kind = .browser
        case .timedOut, .neverSettled: kind = .timeout
        case .selectorNeverAppeared(_, let selector, _):
            kind = .selector
            self.selector = selector
        case .tooLarge: kind = .tooLarge
        }
    }

    private mutating func classify(_ error: ScrapeError) {
        switch error {
        case .layoutChanged: kind = .layoutGuard
        case .tableNotFound(let header, let url):
            kind = .layoutGuard
            self.url = url
            selector = header.joined(separator: ", ")
        case .unreadableFeed(let url, _), .notJSON(let url, _), .responseIsJSON(let url):
            kind = .parse
            self.url = url
        }
    }
}
