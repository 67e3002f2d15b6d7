import Foundation
import Mustache
import TestSupport
import Testing

@testable import TrawlKit

/// Nothing Trawl writes or publishes goes through a link out of its folder: not the lock's
/// pid, not a theme's template, not a partial.
@Suite struct ContainmentTests {
    let directory: TemporaryDirectory
    /// Stands for `/etc/shadow`: a file outside every folder Trawl was given.
    let secret: URL

    init() throws {
        directory = try TemporaryDirectory("containment")
        secret = directory.file("secret.txt")
        try Data("TOP SECRET\n".utf8).write(to: secret)
    }

    @Test func aSymlinkedLockFileIsRefusedAndItsTargetLeftAlone() throws {
        let store = CacheStore(root: directory.file("Cache"))
        try FileManager.default.createDirectory(at: store.root, withIntermediateDirectories: true)
        let lockPath = store.root.appendingPathComponent(CacheLock.fileName).path
        try FileManager.default.createSymbolicLink(atPath: lockPath, withDestinationPath: secret.path)
        #expect {
            _ = try store.lock()
        } throws: { error in
            "\(error)".contains("symbolic link") && "\(error)".contains(lockPath)
        }
        #expect(try String(contentsOf: secret, encoding: .utf8) == "TOP SECRET\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: lockPath) == secret.path)
    }

    @Test func aHardLinkedLockFileIsRefused() throws {
        let store = CacheStore(root: directory.file("Cache"))
        try FileManager.default.createDirectory(at: store.root, withIntermediateDirectories: true)
        let lockPath = store.root.appendingPathComponent(CacheLock.fileName).path
        try FileManager.default.linkItem(atPath: secret.path, toPath: lockPath)
        #expect(throws: CacheError.self) { _ = try store.lock() }
        #expect(try String(contentsOf: secret, encoding: .utf8) == "TOP SECRET\n")
    }

    func configuration(templates: URL) -> Configuration {
        Configuration(
            file: directory.file("trawl.json"), site: SiteSettings(title: "T"),
            outputDirectory: directory.file("Output"),
            cacheDirectory: directory.file("Cache"), templatesDirectory: templates, sources: [])
    }

    @Test func anOverrideTemplateLinkedOutOfItsFolderIsAnErrorNotPublished() throws {
        let templates = directory.file("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: templates.appendingPathComponent("layout.mustache").path, withDestinationPath: secret.path)
        #expect {
            _ = try SiteGenerator(configuration: configuration(templates: templates)).generateReport()
        } throws: { error in
            "\(error)".contains("layout.mustache") && "\(error)".contains("outside")
        }
        let index = try? String(contentsOf: directory.file("Output/index.html"), encoding: .utf8)
        #expect(index?.contains("TOP SECRET") != true)
    }

    @Test func aLinkToAFileInsideTheFolderStillWorks() throws {
        let templates = directory.file("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("<i>{{title}}</i>".utf8).write(to: templates.appendingPathComponent("mine.mustache"))
        try FileManager.default.createSymbolicLink(
            atPath: templates.appendingPathComponent("item.mustache").path, withDestinationPath: "mine.mustache")
        _ = try SiteGenerator(configuration: configuration(templates: templates)).generateReport()
    }

    @Test func aPartialLinkedOutOfItsFolderIsAnErrorNamingIt() throws {
        let partials = directory.file("partials")
        try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: partials.appendingPathComponent("item.mustache").path, withDestinationPath: secret.path)
        let template = try Template(string: "before {{>item}} after")
        #expect {
            _ = try template.render([:], partials: PartialDirectory(path: partials.path))
        } throws: { error in
            "\(error)".contains("item.mustache") && "\(error)".contains("outside") && !"\(error)".contains("TOP SECRET")
        }
    }

    @Test func trawlTemplateRefusesAPartialOutsideItsFolder() async throws {
        let folder = directory.file("theme")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("page {{>shadow}}".utf8).write(to: folder.appendingPathComponent("page.mustache"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("shadow.mustache").path, withDestinationPath: secret.path)
        let result = try await TrawlBinary.run(["template", folder.appendingPathComponent("page.mustache").path])
        #expect(result.status == 2)
        #expect(!result.output.contains("TOP SECRET"))
        #expect(result.errors.contains("outside"), "\(result.errors)")
    }
}
