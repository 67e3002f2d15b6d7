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
        switch error.code {
        case .timedOut: kind = .timeout
        case .notFound, .serverError, .requestFailed:
            kind = .httpStatus
            status = error.status
        case .tooLarge: kind = .tooLarge
        case .disallowedByRobots, .robotsUnreachable: kind = .robots
        case .unsupportedScheme: kind = .configuration
        case .unreadableFile:
            kind = .file
            path = error.url.path
        default: kind = .network
        }
    }

    private mutating func classify(_ error: RenderError) {
        url = error.url
        switch error.code {
        case .timedOut, .neverSettled: kind = .timeout
        case .selectorNeverAppeared:
            kind = .selector
            selector = error.selector
        case .tooLarge: kind = .tooLarge
        default: kind = .browser  // launch, exit, navigation, the DevTools protocol
        }
    }

    private mutating func classify(_ error: ScrapeError) {
        switch error.code {
        case .tableNotFound:
            kind = .layoutGuard
            url = error.url
            selector = error.header.joined(separator: ", ")
        case .unreadableFeed, .notJSON, .responseIsJSON:
            kind = .parse
            url = error.url
        case .truncated:
            kind = .tooLarge
            url = error.url
        default: kind = .layoutGuard
        }
    }
}
