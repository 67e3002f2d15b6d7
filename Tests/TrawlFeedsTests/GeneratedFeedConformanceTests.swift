import Foundation
import TestSupport
import Testing

/// Every feed the demo site generates — the unified one and each source's, items and
/// changes alike, after the first night and the second — passes the checks the W3C feed
/// validator makes (`AtomConformance`).
@Suite struct GeneratedFeedConformanceTests {
    @Test func everyGeneratedAtomFeedIsValid() async throws {
        let directory = try TemporaryDirectory("trawl-demo-feeds")
        let demo = SharedTestData.packageRoot.appendingPathComponent("Examples/demo")
        let config = directory.file("trawl.json")
        try FileManager.default.copyItem(at: demo.appendingPathComponent("trawl.json"), to: config)
        for day in ["day1", "day2"] {
            try FileManager.default.copyItem(at: demo.appendingPathComponent(day), to: directory.file(day))
        }
        let output = directory.file("Output")
        for day in ["day1", "day2"] {
            let run = try await TrawlBinary.run(
                ["run", "--config", config.path, "--output", output.path, "--cache", directory.file("Cache").path],
                environment: ["DEMO_DAY": day])
            #expect(run.status == 0, "\(run.errors)")
            var feeds = ["feed.atom"]
            for source in try FileManager.default.contentsOfDirectory(
                atPath: output.appendingPathComponent("sources").path)
            {
                feeds.append("sources/\(source)/feed.atom")
            }
            #expect(feeds.count == 8)
            for feed in feeds {
                let problems = AtomConformance.problems(in: try Data(contentsOf: output.appendingPathComponent(feed)))
                #expect(problems.isEmpty, "\(day) \(feed): \(problems)")
            }
        }
    }
}
