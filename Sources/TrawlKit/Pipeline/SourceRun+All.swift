/// Every source of a run at once, each waiting its turn at the fetcher's gates.
extension SourceRun {
    /// The most sources in one task group. The runtime finds a finished child by walking its
    /// group's list of children, so one group of 2,000 sources cost a walk quadratic in their
    /// number (9% of a quiet night's CPU); groups of groups keep every list short, and every
    /// source still starts at once.
    static let groupSize = 64

    /// Runs `runs` concurrently; each one's place in the configuration with its result, in
    /// the order they finished.
    static func runAll(_ runs: [SourceRun]) async -> [(Int, Result?)] {
        await withTaskGroup(of: [(Int, Result?)].self) { groups in
            for start in stride(from: 0, to: runs.count, by: groupSize) {
                let part = Array(runs[start..<min(start + groupSize, runs.count)])
                groups.addTask {
                    await withTaskGroup(of: (Int, Result?).self) { group in
                        for run in part { group.addTask { (run.index, await run.run()) } }
                        var results: [(Int, Result?)] = []
                        for await result in group { results.append(result) }
                        return results
                    }
                }
                // Each source reads its cache files before it asks for its turn. Without a
                // yield between groups, all 2,000 did so before the first request left (the
                // runtime runs jobs in the order queued), and the night's first second went
                // to reading; now the first requests leave after the first group's reads.
                await Task.yield()
            }
            var results: [(Int, Result?)] = []
            for await part in groups { results += part }
            return results
        }
    }
}
