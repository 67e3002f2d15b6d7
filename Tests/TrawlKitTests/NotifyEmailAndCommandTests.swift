import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The email notifier through msmtp to a real SMTP server (Python's aiosmtpd) on loopback,
/// the message parsed back with Python's email module; and the command notifier running a
/// program that writes what it got. Each receiver is down for one run and up the next:
/// the change arrives once.
@Suite struct NotifyEmailAndCommandTests {
    /// aiosmtpd on 127.0.0.1:`port`, writing each message it accepts into `folder`.
    final class SMTPReceiver: @unchecked Sendable {
        let folder: URL
        let port: Int
        private var process: Process?

        static let script = """
            import sys, os, time
            from aiosmtpd.controller import Controller
            folder, port = sys.argv[1], int(sys.argv[2])
            class Handler:
                async def handle_DATA(self, server, session, envelope):
                    n = len([f for f in os.listdir(folder) if f.endswith('.eml')])
                    with open(os.path.join(folder, 'message-%d.eml' % n), 'wb') as f:
                        f.write(envelope.content)
                    with open(os.path.join(folder, 'envelope-%d.txt' % n), 'w') as f:
                        f.write(envelope.mail_from + '\\n' + '\\n'.join(envelope.rcpt_tos) + '\\n')
                    return '250 OK'
            c = Controller(Handler(), hostname='127.0.0.1', port=port)
            c.start()
            print('ready', flush=True)
            sys.stdin.read()
            c.stop()
            """

        init(folder: URL) throws {
            self.folder = folder
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // A port that was free a moment ago, for a server that is not up yet.
            let probe = HTTPServer { _ in .plain(200) }
            try probe.start()
            port = Int(probe.port)
            probe.stop()
        }

        func start(python: ExternalTool) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python.path)
            process.arguments = ["-c", Self.script, folder.path, String(port)]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            self.process = process
            self.input = input
            // Wait for "ready": the server listens before the first message is sent.
            _ = output.fileHandleForReading.availableData
        }

        private var input: Pipe?

        func stop() {
            try? input?.fileHandleForWriting.close()
            process?.waitUntilExit()
        }

        deinit { stop() }

        var messages: [URL] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".eml") }
                .sorted().map { folder.appendingPathComponent($0) }
        }
    }

    @Test func anEmailWaitsWhileTheServerIsDownAndArrivesOnceAsAProperMessage() async throws {
        guard let msmtp = try ExternalTool.find("msmtp", package: "msmtp"),
            let python = try ExternalTool.find("python3", package: "python3")
        else { return }
        let check = try await python.run(["-c", "import aiosmtpd"])
        guard check.status == 0 else {
            if SharedTestData.isCI { Issue.record("aiosmtpd is not installed (pip install aiosmtpd)") }
            return
        }
        let setup = try NotifySetup()
        let receiver = try SMTPReceiver(folder: setup.directory.file("mail"))
        // An empty msmtp configuration, so nothing of the machine's own is used.
        let rc = setup.directory.file("msmtprc")
        try Data().write(to: rc)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: rc.path)
        let sendmail = [
            msmtp.path, "-C", rc.path, "--host=127.0.0.1", "--port=\(receiver.port)", "--auth=off", "--tls=off",
        ]
        let sendmailJSON = String(decoding: try JSONSerialization.data(withJSONObject: sendmail), as: UTF8.self)
        let configuration = try setup.configuration(
            notify: #"[{"email": "ada@example.org", "from": "trawl@example.org", "sendmail": \#(sendmailJSON)}]"#)

        try await setup.run(night: 0, configuration)
        try setup.publish(pump: "on")
        let changed = try await setup.run(night: 1, configuration)
        #expect(try setup.ledger(configuration).notifiers.values.first?.pending == [changed.id])
        #expect(try setup.ledger(configuration).notifiers.values.first?.lastError?.contains("msmtp") == true)

        try receiver.start(python: python)
        defer { receiver.stop() }
        try await setup.run(night: 2, configuration)
        try await setup.run(night: 3, configuration)
        #expect(receiver.messages.count == 1)
        let message = try #require(receiver.messages.first)
        let envelope = try String(
            contentsOf: message.deletingLastPathComponent().appendingPathComponent("envelope-0.txt"), encoding: .utf8)
        #expect(envelope == "trawl@example.org\nada@example.org\n")

        let parse = """
            import sys, email, email.policy, email.utils
            m = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=email.policy.default)
            print(m['Subject'])
            print(m['From'], '|', m['To'])
            print(email.utils.parsedate_to_datetime(m['Date']).isoformat())
            print(m['Message-ID'].startswith('<') and m['Message-ID'].endswith('@example.org>'))
            print(m.get_content_type(), [p.get_content_type() for p in m.iter_parts()])
            print(m.get_body(('plain',)).get_content().splitlines()[0])
            print('Pump: off → on' in m.get_body(('html',)).get_content())
            """
        let parsed = try await python.run(["-c", parse, message.path])
        #expect(parsed.status == 0, "\(parsed.standardError)")
        #expect(
            parsed.standardOutput == """
                Garden watch: 1 change
                trawl@example.org | ada@example.org
                2026-12-02T04:00:00+00:00
                True
                multipart/alternative ['text/plain', 'text/html']
                # Garden watch: 1 change
                True

                """)
    }

    @Test func aSubjectOutsideASCIIIsEncodedAsRFC2047Words() {
        let subject = MailHeader.encodedWord("Jardín: la bomba está encendida — ahora, según el controlador del huerto")
        let words = subject.components(separatedBy: "\n ")
        #expect(words.count > 1)
        #expect(words.allSatisfy { $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") && $0.count <= 75 })
        #expect(MailHeader.encodedWord("Plain subject") == "Plain subject")
        #expect(MailHeader.date(Date(timeIntervalSince1970: 1_796_011_200)) == "Mon, 30 Nov 2026 04:00:00 +0000")
    }

    @Test func aCommandGetsTheDigestAndTheCountsAndIsRetriedUntilItSucceeds() async throws {
        let setup = try NotifySetup()
        let got = setup.directory.file("got")
        try FileManager.default.createDirectory(at: got, withIntermediateDirectories: true)
        let down = setup.directory.file("down")
        try Data().write(to: down)
        let script = """
            [ -e "\(down.path)" ] && { echo "receiver is down" >&2; exit 3; }
            cat > "\(got.path)/$TRAWL_RUN.md"; env | grep '^TRAWL_' | sort > "\(got.path)/$TRAWL_RUN.env"
            """
        let command = String(
            decoding: try JSONSerialization.data(withJSONObject: ["/bin/sh", "-c", script]), as: UTF8.self)
        let configuration = try setup.configuration(notify: #"[{"command": \#(command), "format": "markdown"}]"#)

        try await setup.run(night: 0, configuration)
        try setup.publish(pump: "on")
        let events = NotifySetup.EventLog()
        let changed = try await setup.run(night: 1, configuration, events: events)
        #expect(events.warnings.contains { $0.contains("exited with status 3: receiver is down") })
        try FileManager.default.removeItem(at: down)
        try await setup.run(night: 2, configuration)
        try await setup.run(night: 3, configuration)

        let files = try FileManager.default.contentsOfDirectory(atPath: got.path).sorted()
        #expect(files == ["\(changed.id).env", "\(changed.id).md"])
        let markdown = try String(contentsOf: got.appendingPathComponent("\(changed.id).md"), encoding: .utf8)
        #expect(markdown.hasPrefix("# Garden watch: 1 change\n\n## Garden controller\n\n- Pump: off → on\n"))
        let environment = try String(contentsOf: got.appendingPathComponent("\(changed.id).env"), encoding: .utf8)
        #expect(environment.contains("TRAWL_CHANGES=1\n"))
        #expect(environment.contains("TRAWL_CHANGED=1\n"))
        #expect(environment.contains("TRAWL_RUN=\(changed.id)\n"))
        #expect(environment.contains("TRAWL_SITE=https://example.org/garden/\n"))
    }

    /// A program that exits without reading its input closed the pipe: once a crash of the
    /// whole run (SIGPIPE, then FileHandle's trap), now only that program's exit status counts.
    @Test(arguments: [("true", true), ("false", false)])
    func aProgramThatReadsNoInputDoesNotTakeTheRunWithIt(_ program: String, _ succeeds: Bool) async throws {
        let input = Data(repeating: 0x41, count: 4 << 20)
        for _ in 0..<5 {
            var succeeded = true
            do {
                try await ProgramRunner(arguments: [program]).run(input: input)
            } catch {
                succeeded = false
            }
            #expect(succeeded == succeeds)
        }
    }
}
