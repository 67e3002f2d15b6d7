import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The one file writer (`FileWriter`, and `PartFile` for streams): atomic, never through a
/// symbolic link, no write when the bytes are equal, and failures that name the path.
@Suite struct FileWriterTests {
    @Test(arguments: [FileWriter.Durability.synced, .renamed])
    func writesNewFilesAndFoldersAndReplacesOldOnes(_ durability: FileWriter.Durability) throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("a/b/page.html")
        #expect(try FileWriter.write(Data("one".utf8), to: file, durability: durability))
        #expect(try Data(contentsOf: file) == Data("one".utf8))
        #expect(try FileWriter.write(Data("two!".utf8), to: file, durability: durability))
        #expect(try Data(contentsOf: file) == Data("two!".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("a/b").path)
        #expect(names == ["page.html"], "no temporary file is left behind")
    }

    @Test func equalBytesAreNotWrittenAgain() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("feed.xml")
        try FileWriter.write(Data("<feed/>".utf8), to: file, durability: .renamed)
        let before = try Self.inode(of: file)
        #expect(try FileWriter.write(Data("<feed/>".utf8), to: file, durability: .renamed) == false)
        #expect(try Self.inode(of: file) == before, "the file was left alone")
        // Same size, other bytes: written.
        #expect(try FileWriter.write(Data("<feeD/>".utf8), to: file, durability: .renamed))
        #expect(try Self.inode(of: file) != before)
    }

    @Test func aSymbolicLinkIsNeitherWrittenThroughNorReplaced() throws {
        let folder = try TemporaryDirectory()
        let elsewhere = folder.file("elsewhere.txt")
        try Data("precious".utf8).write(to: elsewhere)
        let link = folder.file("index.html")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)

        let error = #expect(throws: FileWriteError.self) {
            try FileWriter.write(Data("generated".utf8), to: link, durability: .renamed)
        }
        #expect(error?.description.hasPrefix(link.path + ": ") == true)
        #expect(error?.description.contains("symbolic link") == true)
        #expect(try Data(contentsOf: elsewhere) == Data("precious".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == elsewhere.path)

        // A `.part` planted as a link is not followed either.
        let download = folder.file("chart.pdf")
        try FileManager.default.createSymbolicLink(
            at: PartFile.partURL(for: download), withDestinationURL: elsewhere)
        #expect(throws: FileWriteError.self) { try PartFile(destination: download) }
        #expect(try Data(contentsOf: elsewhere) == Data("precious".utf8))
    }

    @Test func aLinkedFolderInsideTheOutputIsNotWrittenThrough() throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("Output")
        let elsewhere = folder.file("elsewhere")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: output.appendingPathComponent("sources"), withDestinationURL: elsewhere)

        let writer = SiteWriter(root: output)
        let error = #expect(throws: SiteError.self) { try writer.write("generated", to: "sources/a/index.html") }
        #expect(error?.path == output.appendingPathComponent("sources").path)
        #expect(error?.reason.contains("which is a symbolic link") == true, "\(String(describing: error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        // The output folder itself may be a link, as folders above it may.
        let linkedOutput = folder.file("Linked")
        try FileManager.default.createSymbolicLink(at: linkedOutput, withDestinationURL: elsewhere)
        try SiteWriter(root: linkedOutput).write("fine", to: "index.html")
        #expect(try String(contentsOf: elsewhere.appendingPathComponent("index.html"), encoding: .utf8) == "fine")
    }

    @Test func staleFilesAreNotRemovedThroughALinkedFolder() throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("Output")
        let elsewhere = folder.file("elsewhere")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: elsewhere.appendingPathComponent("old.html"))
        try FileManager.default.createSymbolicLink(
            at: output.appendingPathComponent("runs"), withDestinationURL: elsewhere)
        try SiteWriter(root: output).removeStale(in: "", recursive: true) { $0.hasSuffix(".html") }
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("old.html").path))
    }

    @Test func aStreamAppearsOnlyWhenCommittedAndCanBeKeptOrDiscarded() throws {
        let folder = try TemporaryDirectory()
        let destination = folder.file("files/big.bin")
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

        let file = try PartFile(destination: destination, bufferSize: 4096)
        try Self.append(bytes.prefix(100_000), to: file)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        try file.close()
        #expect(try Data(contentsOf: PartFile.partURL(for: destination)) == bytes.prefix(100_000))

        // Resumed where it ended, then completed.
        let resumed = try PartFile(destination: destination, resumingAt: 100_000, bufferSize: 4096)
        try Self.append(bytes.dropFirst(100_000), to: resumed)
        #expect(resumed.size == 300_000)
        try resumed.commit()
        #expect(try Data(contentsOf: destination) == bytes)
        #expect(!FileManager.default.fileExists(atPath: PartFile.partURL(for: destination).path))

        let discarded = try PartFile(destination: destination)
        try Self.append(bytes.prefix(10), to: discarded)
        discarded.discard()
        #expect(!FileManager.default.fileExists(atPath: PartFile.partURL(for: destination).path))
        #expect(try Data(contentsOf: destination) == bytes, "the complete file stays as it was")
    }

    @Test func aFullDiskNamesThePathAndLeavesNoFileBehind() async throws {
        let folder = try TemporaryDirectory()
        let mountPoint = folder.file("small")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard try await Self.mount(mountPoint, kilobytes: 64) else {
            print("skipped: mounting a tmpfs is not permitted here")
            return
        }
        var failure: Error?
        do { try Self.fill(mountPoint) } catch { failure = error }
        _ = try await ExternalTool(path: "/bin/umount").run([mountPoint.path])
        if let failure { throw failure }
    }

    /// Writes more than a 64 KB file system holds, three ways.
    static func fill(_ mountPoint: URL) throws {
        let large = Data(repeating: 0x61, count: 256 * 1024)

        // A whole file: the error names the target, in words; no temporary file is left.
        let page = mountPoint.appendingPathComponent("site/index.html")
        let error = #expect(throws: FileWriteError.self) { try FileWriter.write(large, to: page, durability: .synced) }
        #expect(error?.description == "\(page.path): cannot write: No space left on device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: page.deletingLastPathComponent().path).isEmpty)

        // The site's writer says the same as a `SiteError`.
        let writer = SiteWriter(root: mountPoint.appendingPathComponent("site"))
        let siteError = #expect(throws: SiteError.self) { try writer.write(large, to: "index.html") }
        #expect(siteError?.description == "\(page.path): cannot write: No space left on device")

        // A stream: the part is removed with the failure, and no destination appears.
        let download = mountPoint.appendingPathComponent("files/big.bin")
        let stream = try PartFile(destination: download)
        let streamError = #expect(throws: FileWriteError.self) {
            // The disk fills while the buffer is written out, or at the latest when it is flushed.
            try Self.append(large, to: stream)
            try stream.commit()
        }
        #expect(streamError?.path == PartFile.partURL(for: download).path)
        #expect(streamError?.cause == "No space left on device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: download.deletingLastPathComponent().path).isEmpty)
    }

    static func append(_ data: Data, to file: PartFile) throws {
        // In pieces the size of a curl buffer, as a download arrives.
        var offset = data.startIndex
        while offset < data.endIndex {
            let end = min(offset + 16_384, data.endIndex)
            try data[offset..<end].withUnsafeBytes { try file.append($0) }
            offset = end
        }
    }

    static func inode(of url: URL) throws -> UInt64 {
        var status = stat()
        guard stat(url.path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return UInt64(status.st_ino)
    }

    static func mount(_ point: URL, kilobytes: Int) async throws -> Bool {
        try await ExternalTool(path: "/bin/mount").run(["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", point.path])
            .status == 0
    }
}
