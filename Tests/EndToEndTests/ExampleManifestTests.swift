import Foundation
import TestSupport
import Testing

/// The Kubernetes and GitHub Actions examples, checked by schema validators from PyPI
/// (`make test` installs them) against the schemas those packages ship, never fetched:
/// kubernetes-validate (Kubernetes' own OpenAPI schemas, strict: no unknown fields) and
/// check-jsonschema (the GitHub workflow schema it vendors).
@Suite struct ExampleManifestTests {
    static let examples = SharedTestData.packageRoot.appendingPathComponent("Examples")

    static var kubernetesManifests: [String] {
        let folder = examples.appendingPathComponent("kubernetes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    static let workflow = examples.appendingPathComponent("github-actions/trawl-sharded.yml").path

    @Test func theKubernetesManifestsAreValid() async throws {
        guard try await Self.validatorsInstalled() else { return }
        #expect(Self.kubernetesManifests.count >= 3)
        let result = try await Self.python(["-m", "kubernetes_validate", "--strict"] + Self.kubernetesManifests)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test func theGitHubWorkflowIsValid() async throws {
        guard try await Self.validatorsInstalled() else { return }
        let result = try await Self.python(
            ["-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", Self.workflow])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    /// The validators would catch a mistake: a misspelt field fails each of them.
    @Test func aMisspeltFieldFailsValidation() async throws {
        guard try await Self.validatorsInstalled() else { return }
        let directory = try TemporaryDirectory("examples")
        let scrape = try String(
            contentsOfFile: Self.examples.appendingPathComponent("kubernetes/cronjob-scrape.yaml").path,
            encoding: .utf8)
        #expect(scrape.contains("completionMode: Indexed"))
        #expect(scrape.contains("JOB_COMPLETION_INDEX + 1"))
        try Data(scrape.replacingOccurrences(of: "completionMode:", with: "completionsMode:").utf8)
            .write(to: directory.file("bad.yaml"))
        let kubernetes = try await Self.python([
            "-m", "kubernetes_validate", "--strict", directory.file("bad.yaml").path,
        ])
        #expect(kubernetes.status != 0)
        #expect((kubernetes.standardOutput + kubernetes.standardError).contains("completionsMode"))

        let workflow = try String(contentsOfFile: Self.workflow, encoding: .utf8)
        #expect(workflow.contains("--shard \"$SHARD\""))
        try Data(workflow.replacingOccurrences(of: "runs-on:", with: "run-on:").utf8)
            .write(to: directory.file("bad.yml"))
        let github = try await Self.python(
            ["-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", directory.file("bad.yml").path])
        #expect(github.status != 0)
    }

    struct ValidatorsMissing: Error, CustomStringConvertible {
        var description: String {
            "CI=true but python3 cannot import check_jsonschema and kubernetes_validate (make test-deps)"
        }
    }

    static func python(_ arguments: [String]) async throws -> ExternalTool.Output {
        try await ExternalTool(path: "/usr/bin/env").run(["python3"] + arguments)
    }

    /// Both validators, or a note and a skip outside CI (`make test-deps` installs them).
    static func validatorsInstalled() async throws -> Bool {
        let probe = try await python(["-c", "import check_jsonschema, kubernetes_validate"])
        if probe.status == 0 { return true }
        if SharedTestData.isCI { throw ValidatorsMissing() }
        FileHandle.standardError.write(
            Data("note: pip install check-jsonschema kubernetes-validate to validate the examples; skipping\n".utf8))
        return false
    }
}
