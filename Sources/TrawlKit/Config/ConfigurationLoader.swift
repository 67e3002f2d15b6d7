import Foundation
import TrawlHTML
import TrawlJSON
import TrawlText

/// Reads and validates `trawl.json`, collecting every problem with its JSON path.
public enum ConfigurationLoader {
    /// Loads the configuration at `file`; paths inside resolve against its folder.
    /// `toleratingUnsetVariables` is for commands that only read the cache: an unset
    /// `${NAME}` then reads as `unset-NAME` rather than stopping them.
    public static func load(
        from file: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
        toleratingUnsetVariables: Bool = false
    ) throws -> Configuration {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ConfigurationError(
                file: file.path,
                problems: [.init(path: "", message: "cannot read the file (\(FileErrorText.cause(of: error)))")])
        }
        return try load(
            data, file: file, environment: environment, toleratingUnsetVariables: toleratingUnsetVariables)
    }

    /// Loads a configuration from `data`, as if read from `file` (its folder anchors relative paths).
    public static func load(
        _ data: Data, file: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
        toleratingUnsetVariables: Bool = false
    ) throws -> Configuration {
        if let problem = ConfigurationText.firstProblem(in: data) {
            throw ConfigurationError(
                file: file.path,
                problems: [.init(path: "", message: problem.message, line: problem.line, column: problem.column)])
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(data)
        } catch {
            throw ConfigurationError(
                file: file.path,
                problems: [
                    .init(
                        path: "", message: "not valid JSON: \(error.message)", line: error.position.line,
                        column: error.position.column)
                ])
        }
        let reader = JSONReader(
            expansion: EnvironmentExpansion(environment: environment, toleratesUnset: toleratingUnsetVariables))
        let configuration = read(json, file: file, reader: reader)
        if let configuration, reader.problems.isEmpty { return configuration }
        throw ConfigurationError(file: file.path, problems: reader.problems)
    }

    private static func read(_ json: JSONValue, file: URL, reader: JSONReader) -> Configuration? {
        guard let top = reader.object(json, at: "", shape: ConfigurationKeys.top) else { return nil }
        let folder = file.deletingLastPathComponent()
        func path(_ key: String, default fallback: String) -> URL {
            let relative = reader.string(top[key], at: key) ?? fallback
            return URL(fileURLWithPath: relative, relativeTo: folder).standardizedFileURL
        }

        let site = readSite(top["site"], reader: reader)
        let fetch = readFetch(top["fetch"], reader: reader)
        var feed = FeedSettings()
        if let object = reader.object(top["feed"], at: "feed", shape: ConfigurationKeys.feed),
            let maxEntries = reader.integer(object["maxEntries"], at: "feed.maxEntries")
        {
            if maxEntries < 1 {
                reader.problem("feed.maxEntries", "must be at least 1", at: object["maxEntries"])
            }
            feed.maxEntries = maxEntries
        }
        var retention = RetentionSettings()
        if let object = reader.object(top["retention"], at: "retention", shape: ConfigurationKeys.retention) {
            retention.runs = reader.integer(object["runs"], at: "retention.runs") ?? retention.runs
            retention.days = reader.integer(object["days"], at: "retention.days") ?? retention.days
            if retention.runs < 1 { reader.problem("retention.runs", "must be at least 1", at: object["runs"]) }
            if retention.days < 0 { reader.problem("retention.days", "must not be negative", at: object["days"]) }
        }

        var sources: [SourceConfiguration] = []
        // A source that could not be read (or none at all) leaves the top-level notifiers'
        // `match` unchecked: there are no fields to check it against.
        var everySourceRead = true
        if let list = reader.array(top["sources"], at: "sources") {
            var seen: [String: Int] = [:]
            for (index, element) in list.enumerated() {
                let at = "sources[\(index)]"
                guard let source = SourceReader(reader: reader, path: at, folder: folder).read(element) else {
                    everySourceRead = false
                    continue
                }
                // Ids name folders, and some file systems ignore case.
                if let first = seen[source.id.lowercased()] {
                    reader.problem(
                        "\(at).id", "duplicate source id '\(source.id)' (also sources[\(first)])", at: element["id"])
                    continue
                }
                seen[source.id.lowercased()] = index
                sources.append(source)
            }
        } else if top["sources"] == nil {
            reader.problem("sources", "missing: list the sources to scrape")
        }

        let templates = reader.string(top["templates"], at: "templates").map {
            URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL
        }
        let output = path("output", default: "Output")
        let cache = path("cache", default: "Cache")
        if let problem = Configuration.outputProblem(output: output, cache: cache, configurationFolder: folder) {
            reader.problem(top["output"] == nil ? "cache" : "output", problem, at: top["output"] ?? top["cache"])
        }
        return Configuration(
            file: file, site: site, outputDirectory: output,
            cacheDirectory: cache, templatesDirectory: templates, fetch: fetch, feed: feed,
            retention: retention, sources: sources,
            notify: NotifierReader(
                reader: reader,
                fields: everySourceRead && !sources.isEmpty && top["notify"] != nil
                    ? .init(names: NotifierReader.fieldNames(of: sources), ofEverySource: true) : nil
            ).read(top["notify"], at: "notify"))
    }

    private static func readSite(_ value: JSONValue?, reader: JSONReader) -> SiteSettings {
        var site = SiteSettings(title: "Trawl")
        guard
            let object = reader.object(
                value, at: "site", shape: ConfigurationKeys.site)
        else {
            return site
        }
        site.title = reader.string(object["title"], at: "site.title") ?? site.title
        if let text = reader.string(object["url"], at: "site.url") {
            if let url = URL(string: text), url.isWebAddress {
                site.url = url
            } else {
                reader.problem("site.url", "'\(text)' is not an http or https URL", at: object["url"])
            }
        }
        site.author = reader.string(object["author"], at: "site.author")
        site.description = reader.string(object["description"], at: "site.description")
        if let language = reader.string(object["language"], at: "site.language") {
            if SiteSettings.isLanguageTag(language) {
                site.language = language
            } else {
                reader.problem(
                    "site.language", "'\(language)' is not a language tag such as 'en', 'de' or 'pt-BR'",
                    at: object["language"])
            }
        }
        if let pageSize = reader.integer(object["pageSize"], at: "site.pageSize") {
            if SiteSettings.pageSizes.contains(pageSize) {
                site.pageSize = pageSize
            } else {
                reader.problem(
                    "site.pageSize",
                    "must be from \(SiteSettings.pageSizes.lowerBound) to \(SiteSettings.pageSizes.upperBound) "
                        + "items a page, not \(pageSize)", at: object["pageSize"])
            }
        }
        return site
    }

    private static func readFetch(_ value: JSONValue?, reader: JSONReader) -> FetchSettings {
        var fetch = FetchSettings()
        guard let object = reader.object(value, at: "fetch", shape: ConfigurationKeys.fetch) else { return fetch }
        func seconds(_ key: String) -> Duration? {
            guard let number = reader.number(object[key], at: "fetch.\(key)") else { return nil }
            guard number >= 0 else {
                reader.problem("fetch.\(key)", "must not be negative", at: object[key])
                return nil
            }
            guard number <= 86_400 else {
                reader.problem("fetch.\(key)", "must be at most 86400 seconds (a day)", at: object[key])
                return nil
            }
            return .milliseconds(Int(number * 1000))
        }
        func count(_ key: String, atLeast minimum: Int) -> Int? {
            guard let number = reader.integer(object[key], at: "fetch.\(key)") else { return nil }
            guard number >= minimum else {
                reader.problem("fetch.\(key)", "must be at least \(minimum)", at: object[key])
                return nil
            }
            return number
        }
        // Both go into every request's User-Agent field.
        fetch.userAgent =
            reader.headerText(object["userAgent"], at: "fetch.userAgent", name: "fetch.userAgent") ?? fetch.userAgent
        fetch.contact = reader.headerText(object["contact"], at: "fetch.contact", name: "fetch.contact")
        fetch.delay = seconds("delay") ?? fetch.delay
        fetch.timeout = seconds("timeout") ?? fetch.timeout
        fetch.connectTimeout = seconds("connectTimeout") ?? fetch.connectTimeout
        fetch.maxBytes = count("maxBytes", atLeast: 1) ?? fetch.maxBytes
        fetch.obeysRobots = reader.bool(object["robots"], at: "fetch.robots") ?? fetch.obeysRobots
        fetch.maxRedirects = count("maxRedirects", atLeast: 0) ?? fetch.maxRedirects
        fetch.perHostConcurrency = count("perHostConcurrency", atLeast: 1) ?? fetch.perHostConcurrency
        fetch.globalConcurrency = count("concurrency", atLeast: 1) ?? fetch.globalConcurrency
        fetch.retry.maxAttempts = count("attempts", atLeast: 1) ?? fetch.retry.maxAttempts
        fetch.retry.baseDelay = seconds("retryDelay") ?? fetch.retry.baseDelay
        fetch.retry.maxDelay = seconds("maxRetryDelay") ?? fetch.retry.maxDelay
        fetch.browsers = count("browsers", atLeast: 1) ?? fetch.browsers
        fetch.proxy = reader.proxy(object["proxy"], at: "fetch.proxy")
        return fetch
    }
}
