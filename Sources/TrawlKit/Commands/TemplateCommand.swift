import Foundation
import Mustache
import TrawlJSON

/// `trawl template`: render one Mustache template with JSON data, to try a template out.
struct TemplateCommand: TrawlCommand {
    static let name = "template"
    static let summary = "render a Mustache template with JSON data"
    static let positionals = [CommandPositional("TEMPLATE")]
    static let data = CommandOption.option(
        "--data", "FILE.json", "the data to render ('-' reads standard input; default: {})")
    static let partials = CommandOption.option(
        "--partials", "DIR", "where partial 'name' is DIR/name.mustache (default: the template's folder)")
    static let options = [data, partials]
    static let epilogue = """
        The result goes to standard output; see docs/TEMPLATES.md for what templates can do.

        exit status: 0 rendered; 2 the template, a partial or the data is at fault
        """

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let path = arguments.positionals[0]
        let partialsPath = arguments.value(partials) ?? (path as NSString).deletingLastPathComponent
        let partials = NotingPartials(PartialDirectory(path: partialsPath))
        let output = try TemplateCommandError.wrapping {
            let template = try Template(contentsOfFile: path)
            let data = try arguments.value(Self.data).map(readData) ?? [:]
            return try template.render(data, partials: partials)
        }
        for name in partials.missing {
            console.note(
                "note: no partial '\(name)' at \(partials.directory.filePath(for: name)); it rendered as nothing")
        }
        console.write(output)
        return .success
    }

    /// The JSON data in `path`, with the line and column of a syntax error.
    private static func readData(_ path: String) throws -> MustacheValue {
        let data =
            path == "-"
            ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        let name = path == "-" ? "standard input" : path
        do {
            return MustacheValue(try JSONParser.parse(data))
        } catch {
            throw TemplateCommandError(
                message: "\(name):\(error.position.line):\(error.position.column): \(error.message)")
        }
    }
}

/// A template, partial or data file at fault: a usage error (exit status 2).
struct TemplateCommandError: ClassifiedError, CustomStringConvertible {
    let message: String

    var exitStatus: ExitStatus { .usage }
    var description: String { message }

    /// Runs `body`, turning any failure into a `TemplateCommandError` with the same words.
    static func wrapping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TemplateCommandError {
            throw error
        } catch let error as TemplateError {
            throw TemplateCommandError(message: error.description)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            throw TemplateCommandError(message: "no such file: \(error.filePath ?? "(unknown)")")
        } catch {
            throw TemplateCommandError(message: FileErrorText.describe(error))
        }
    }
}

/// A partial directory that remembers the names it could not find, so the command can
/// say so: the spec renders a missing partial as nothing, which hides a typo.
private final class NotingPartials: PartialResolver, @unchecked Sendable {
    let directory: PartialDirectory
    private let lock = NSLock()
    private var missingNames: Set<String> = []

    init(_ directory: PartialDirectory) {
        self.directory = directory
    }

    var missing: [String] { lock.withLock { missingNames.sorted() } }

    func template(named name: String) throws -> Template? {
        let template = try directory.template(named: name)
        if template == nil { lock.withLock { _ = missingNames.insert(name) } }
        return template
    }
}
