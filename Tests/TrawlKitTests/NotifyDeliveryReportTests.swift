import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// What `trawl run` says of news it could not deliver: a line per notifier on standard error,
/// `--quiet` or not, and exit status 5 while sources were fine; a `command` found in the
/// configuration's folder, whatever the working directory.
@Suite struct NotifyDeliveryReportTests {
    func writeScript(_ text: String, to file: URL) throws {
        try Data(("#!/bin/sh\n" + text + "\n").utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }

    @Test func aWaitingDeliveryIsPrintedEvenWhenQuietAndTheExitStatusSaysSo() async throws {
        let setup = try NotifySetup()
        let folder = setup.directory.url
        let config = folder.appendingPathComponent("trawl.json")
        let json = """
            {"site": {"title": "Garden watch", "url": "https://example.org/garden/"},
             "notify": [{"command": ["./notify.sh"]}],
             "sources": [{"id": "garden", "name": "Garden controller", "kind": "status", "url": "status.html",
                          "items": "table.switches tr.switch", "fields": {"label": ".label", "state": ".state"},
                          "idField": "label"}]}
            """
        try Data(json.utf8).write(to: config)
        func run(_ night: String) async throws -> TrawlBinary.Result {
            // The working directory is the package's, not the configuration's folder.
            try await TrawlBinary.run(
                ["run", "--quiet", "--config", config.path], environment: ["TRAWL_NOW": "2026-12-0\(night)T04:00:00Z"])
        }
        try writeScript("echo 'receiver is down' >&2; exit 1", to: folder.appendingPathComponent("notify.sh"))
        let baseline = try await run("1")
        #expect(baseline.status == 0 && baseline.errors.isEmpty, "\(baseline.errors)")

        try setup.publish(pump: "on")
        let failed = try await run("2")
        #expect(failed.status == ExitStatus.undelivered.code)
        #expect(
            failed.errors
                == "error: notify: command ./notify.sh: 1 run waits (since 2026-12-02 04:00 UTC), sent first on the "
                + "next run; last error: ./notify.sh: exited with status 1: receiver is down\n")

        let told = folder.appendingPathComponent("told.md")
        try writeScript("cat > '\(told.path)'", to: folder.appendingPathComponent("notify.sh"))
        let delivered = try await run("3")
        #expect(delivered.status == 0 && delivered.errors.isEmpty, "\(delivered.errors)")
        let digest = try String(contentsOf: told, encoding: .utf8)
        #expect(digest.contains("Pump: off → on"))
    }

    @Test func theStatusOfARunIsDecidedInOnePlace() {
        #expect(CommandLineTool.status(forRun: nil, undelivered: 0) == .success)
        #expect(CommandLineTool.status(forRun: nil, undelivered: 2) == .undelivered)
        #expect(ExitStatus.undelivered.code == 5)
    }

    @Test func aRelativeCommandIsFoundInTheConfigurationsFolder() {
        let folder = URL(fileURLWithPath: "/srv/trawl")
        #expect(ProgramRunner.resolve("./notify.sh", in: folder) == "/srv/trawl/notify.sh")
        #expect(ProgramRunner.resolve("bin/notify", in: folder) == "/srv/trawl/bin/notify")
        #expect(ProgramRunner.resolve("apprise", in: folder) == "apprise", "a bare name is looked up on PATH")
        #expect(ProgramRunner.resolve("/usr/bin/notify", in: folder) == "/usr/bin/notify")
    }
}
