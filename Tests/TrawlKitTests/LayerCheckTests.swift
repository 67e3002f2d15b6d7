import Foundation
import Testing

/// The layering check itself, on small made-up modules: it finds what it must and nothing else.
@Suite struct LayerCheckTests {
    static let layers = [["Low"], ["PeerA", "PeerB"], ["High"]]

    static func violations(_ files: [(String, String)]) -> [String] {
        let files = files.map { path, text in
            LayerCheck.File(folder: String(path.split(separator: "/")[0]), path: path, text: text)
        }
        return LayerCheck(layers: layers, files: files).violations().map(\.description)
    }

    static let high = ("High/Command.swift", "public struct Command {}\nfunc runCommand() {}\n")

    @Test func anUpwardUseIsFoundWithItsLineAndDeclaration() {
        let found = Self.violations([
            Self.high,
            ("Low/Store.swift", "struct Store {\n    var command: Command?\n}\n"),
        ])
        #expect(found == ["Low/Store.swift:2: Command (declared in High/Command.swift:1)"])
    }

    @Test func downwardUsesAreFine() {
        let found = Self.violations([
            ("Low/Store.swift", "struct Store {}\n"),
            ("High/Command.swift", "struct Command { var store: Store; func run() { _ = TrawlKit.Store() } }\n"),
        ])
        #expect(found.isEmpty)
    }

    @Test func peersMayNotUseEachOther() {
        let found = Self.violations([
            ("PeerA/A.swift", "enum A {}\n"),
            ("PeerB/B.swift", "enum B { case a(A) }\n"),
        ])
        #expect(found == ["PeerB/B.swift:1: A (declared in PeerA/A.swift:1)"])
    }

    @Test func commentsAndStringsAreNotUsesButInterpolationsAre() {
        let text = ##"""
            // Command is above.
            /* Command, /* nested */ Command */
            /// `Command`
            let a = "Command \" Command"
            let b = #"Command \(Command) "# + """
                Command "" \#(Command)
                """
            let c = "\(String(describing: Command.self))"
            let d = #"raw \#(runCommand())"#
            """##
        let found = Self.violations([Self.high, ("Low/Text.swift", text)])
        #expect(
            found == [
                "Low/Text.swift:8: Command (declared in High/Command.swift:1)",
                "Low/Text.swift:9: runCommand (declared in High/Command.swift:2)",
            ])
    }

    @Test func aFolderOwnDeclarationShadowsAHigherOne() {
        let found = Self.violations([
            Self.high,
            ("Low/Local.swift", "struct Store {\n    struct Command {}\n    let c = Command()\n}\n"),
        ])
        #expect(found.isEmpty)
    }

    @Test func aNestedNameShadowsOnlyInItsOwnFile() {
        let found = Self.violations([
            Self.high,
            ("Low/Feed.swift", "struct Feed {\n    struct Command {}\n}\n"),
            ("Low/Use.swift", "let command: Command? = nil\n"),
        ])
        #expect(found == ["Low/Use.swift:1: Command (declared in High/Command.swift:1)"])
    }

    @Test func aMemberWithAFunctionsNameIsNotAUse() {
        let found = Self.violations([
            Self.high,
            ("Low/Member.swift", "struct Job { func go(_ other: Job) { other.runCommand() } }\n"),
        ])
        #expect(found.isEmpty)
    }

    @Test func aTypeNestedInAnotherFoldersExtensionBelongsToItsFolder() {
        let found = Self.violations([
            ("Low/Store.swift", "struct Store {}\n"),
            ("High/Store+Plan.swift", "extension Store {\n    struct Plan {}\n    func plan() {}\n}\n"),
            ("Low/Use.swift", "let plan: Store.Plan? = nil\n"),
        ])
        #expect(found == ["Low/Use.swift:1: Plan (declared in High/Store+Plan.swift:2)"])
    }

    @Test func operatorsDeclareNoNames() {
        let scan = SwiftSourceScanner("func == (lhs: A, rhs: A) -> Bool { true }\nclass func make() {}\n")
        #expect(scan.declarations.map(\.name) == ["make"])
    }

    @Test func foldersOutsideTheLayersAreNamed() {
        let check = LayerCheck(
            layers: Self.layers,
            files: [LayerCheck.File(folder: "Writer", path: "Writer/FileWriter.swift", text: "")])
        #expect(check.unplacedFolders == ["Writer"])
        #expect(check.emptyFolders == ["Low", "PeerA", "PeerB", "High"])
    }
}
