import Foundation

/// Generating nothing when nothing the site is made of changed (`GenerationStamp`).
extension SiteGenerator {
    var stampFile: URL {
        GenerationStamp.file(
            cacheDirectory: configuration.cacheDirectory, outputDirectory: configuration.outputDirectory)
    }

    /// The report of a generation with nothing to do, or nil when the site must be generated:
    /// no stamp, an input or an output not as the stamp saw it, or a run record added that
    /// the site would show, or that could start a health event.
    func unchangedSite(inputs: String, runs: [String: String], store: CacheStore) throws -> Report? {
        guard let stamp = GenerationStamp.read(stampFile), !stamp.shownRun.isEmpty,
            stamp.runs.allSatisfy({ runs[$0.key] == $0.value }),
            stamp.key == Self.stampKey(inputs: inputs, outputs: stamp.outputs, root: configuration.outputDirectory)
        else { return nil }
        let added = runs.keys.filter { stamp.runs[$0] == nil }.sorted()
        if !added.isEmpty {
            guard try areQuiet(added, after: stamp, store: store) else { return nil }
            var updated = stamp
            updated.runs = runs
            updated.save(to: stampFile)
        }
        return Report(files: stamp.outputs.count, rewritten: 0, reused: stamp.outputs.count, problems: [])
    }

    /// Whether the runs recorded in `names` (files added to `runs/` since the stamp) are runs
    /// the site leaves out and that start no health event: each a whole run after every run
    /// stamped, with no change, every source answering 304, each as in the last run shown.
    private func areQuiet(_ names: [String], after stamp: GenerationStamp, store: CacheStore) throws -> Bool {
        let latest = stamp.runs.keys.map { $0.dropLast(".json".count) }.max() ?? ""
        guard let shown = try store.run(stamp.shownRun) else { return false }
        var runs = [shown]
        for name in names {
            let id = String(name.dropLast(".json".count))
            guard name.hasSuffix(".json"), CacheStore.isValidRunID(id), id > latest,
                let run = try store.run(id), run.shard == nil, run.started > shown.started, run.changes.isEmpty,
                run.outcomes.allSatisfy({ $0.status == .notModified })
            else { return false }
            runs.append(run)
        }
        return store.problems.all.isEmpty && SiteContent.withoutQuietRuns(runs).count == 1
    }

    /// Saves the stamp of a generation that read `inputs` and `runs` and wrote `outputs`;
    /// removes it when the generation met unreadable files, so the next one tells of them again.
    func saveStamp(inputs: String, runs: [String: String], shownRun: String?, outputs: Set<String>, clean: Bool) {
        let paths = outputs.sorted()
        guard clean, let shownRun, !paths.contains(where: { $0.contains("\t") || $0.contains("\n") }) else {
            GenerationStamp.remove(stampFile)
            return
        }
        let key = Self.stampKey(inputs: inputs, outputs: paths, root: configuration.outputDirectory)
        GenerationStamp(key: key, shownRun: shownRun, runs: runs, outputs: paths).save(to: stampFile)
    }

    /// `inputs` with the signature of every output file and of every folder that holds one
    /// or is swept for stale files: a file added there (a generated name left by hand, which
    /// a generation removes) changes its folder's time.
    static func stampKey(inputs: String, outputs: [String], root: URL) -> String {
        var digest = InputDigest()
        digest.add(inputs)
        let folder = root.path + "/"
        var folders: Set<String> = ["", "digests", "sources"]
        for path in outputs {
            digest.add(path)
            digest.add(GenerationStamp.signature(of: folder + path))
            if let slash = path.lastIndex(of: "/") { folders.insert(String(path[..<slash])) }
        }
        for path in folders.sorted() {
            digest.add(path)
            digest.add(GenerationStamp.signature(of: folder + path))
        }
        return digest.value
    }

    /// A digest of every input of the site but the run records and the output files: Trawl's
    /// build, the templates, the settings the site reads and the cache files of each source.
    func stampInputs(templates: TemplateSet, store: CacheStore) -> String {
        var digest = InputDigest()
        digest.add(GenerationManifest.buildIdentity)
        digest.add(templates.digest)
        digest.add(templateFolderSignature)
        digest.add(siteSettingsKey)
        let mirror = FileMirror(configuration: configuration)
        let sources = store.sourcesDirectory.path + "/"
        for source in configuration.sources {
            let folder = sources + source.id + "/"
            digest.add(GenerationStamp.signature(of: folder + "snapshot.json"))
            digest.add(GenerationStamp.signature(of: folder + "health.json"))
            if source.detail != nil { digest.add(GenerationStamp.signature(of: folder + "details.json")) }
            if source.download != nil {
                let files = mirror.completeFiles(of: source.id)
                digest.add(
                    files.keys.sorted().map { "\($0)\t\(files[$0]?.relativePath ?? "")" }.joined(separator: "\n"))
            }
        }
        return digest.value
    }

    /// The hash of every setting the site is made from, written out by name.
    private var siteSettingsKey: String {
        var key = CanonicalKey.hashing()
        let site = configuration.site
        key.add("title", site.title)
        key.add("url", site.url)
        key.add("author", site.author)
        key.add("description", site.description)
        key.add("language", site.language)
        key.add("pageSize", site.pageSize)
        key.add("feed.maxEntries", configuration.feed.maxEntries)
        key.add("output", configuration.outputDirectory.standardizedFileURL.path)
        key.add("templates", configuration.templatesDirectory?.standardizedFileURL.path)
        for source in configuration.sources { key.add("source", source) }
        return key.hash
    }

    /// Each file of the templates folder (its partials and assets too) by name and signature.
    private var templateFolderSignature: String {
        guard let folder = configuration.templatesDirectory,
            let names = FileManager.default.subpaths(atPath: folder.path)
        else { return "" }
        return names.sorted().map { "\($0)\t\(GenerationStamp.signature(of: folder.path + "/" + $0))" }
            .joined(separator: "\n")
    }
}
