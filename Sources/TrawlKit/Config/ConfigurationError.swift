import Foundation

/// Everything wrong with a configuration file, each problem at its JSON path.
///
/// Loading collects every problem before failing, so one edit can fix them all.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    /// One problem: where in the file, and what is wrong there.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// Where in the document, e.g. `sources[1].fields.date.type`; empty for the whole file.
        public var path: String
        /// What is wrong, with a "did you mean" where one fits.
        public var message: String
        /// Where the offending value starts in the file, when known.
        public var line: Int?
        /// The 1-based column in that line, when known.
        public var column: Int?

        /// A problem at JSON `path`, with its line and column when known.
        public init(path: String, message: String, line: Int? = nil, column: Int? = nil) {
            self.path = path
            self.message = message
            self.line = line
            self.column = column
        }

        /// `path: message`, or the message alone for the whole file.
        public var description: String { path.isEmpty ? message : "\(path): \(message)" }

        var location: String {
            guard let line else { return "" }
            return column.map { ":\(line):\($0)" } ?? ":\(line)"
        }
    }

    /// The path of the configuration file.
    public var file: String
    /// Every problem found, in file order: validation goes on past the first.
    public var problems: [Problem]

    /// An error for `file` with these problems.
    public init(file: String, problems: [Problem]) {
        self.file = file
        self.problems = problems
    }

    /// Every problem on a line of its own, each with `file:line:column`.
    public var description: String {
        problems.map { "\(file)\($0.location): \($0)" }.joined(separator: "\n")
    }
}
