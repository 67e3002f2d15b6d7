import Foundation

/// Everything wrong with a configuration file, each problem at its JSON path.
///
/// Loading collects every problem before failing, so one edit can fix them all.
public struct ConfigurationError: Error, CustomStringConvertible, ClassifiedError, Sendable {
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// Where in the document, e.g. `sources[1].fields.date.type`; empty for the whole file.
        public var path: String
        public var message: String
        /// Where the offending value starts in the file, when known.
        public var line: Int?
        public var column: Int?

        public init(path: String, message: String, line: Int? = nil, column: Int? = nil) {
            self.path = path
            self.message = message
            self.line = line
            self.column = column
        }

        public var description: String { path.isEmpty ? message : "\(path): \(message)" }

        var location: String {
            guard let line else { return "" }
            return column.map { ":\(line):\($0)" } ?? ":\(line)"
        }
    }

    public var file: String
    public var problems: [Problem]

    public init(file: String, problems: [Problem]) {
        self.file = file
        self.problems = problems
    }

    public var exitStatus: ExitStatus { .usage }

    public var description: String {
        problems.map { "\(file)\($0.location): \($0)" }.joined(separator: "\n")
    }
}
