import Foundation

extension Configuration {
    /// Why `output` cannot hold the site, or nil when it can. `trawl generate` writes the
    /// site there and removes the generated files that belong to nothing any more, so it must
    /// be a folder of its own: not `/`, not the configuration's folder (`"."`), not the cache,
    /// nor any folder above one of them, nor one inside the cache.
    static func outputProblem(output: URL, cache: URL, configurationFolder: URL) -> String? {
        let site = components(output)
        let folder = components(configurationFolder)
        let cacheFolder = components(cache)
        let shown = output.path
        let advice = "name a folder of its own, such as \"Output\""
        if folder.starts(with: site) {
            let what = site == folder ? "is the configuration's own folder" : "holds the configuration's folder"
            return "'\(shown)' \(what) (\(configurationFolder.path)): the site would be written, and its stale"
                + " files removed, among yours; \(advice)"
        }
        if cacheFolder.starts(with: site) {
            let what = site == cacheFolder ? "is the cache folder" : "holds the cache folder"
            return "'\(shown)' \(what) (\(cache.path)): the site would be written among the cache's files; \(advice)"
        }
        if site.starts(with: cacheFolder) {
            return "'\(shown)' is inside the cache folder (\(cache.path)); \(advice)"
        }
        return nil
    }

    /// The problem with this configuration's folders, for commands that set them (`--output`, `--cache`).
    func outputProblem() -> String? {
        Self.outputProblem(
            output: outputDirectory, cache: cacheDirectory, configurationFolder: file.deletingLastPathComponent())
    }

    /// A folder's path components, links resolved so two names of one folder compare equal.
    private static func components(_ url: URL) -> [String] {
        url.standardizedFileURL.resolvingSymlinksInPath().pathComponents.filter { $0 != "/" }
    }
}
