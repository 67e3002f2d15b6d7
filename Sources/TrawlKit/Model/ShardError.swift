/// A shard that cannot be: a count outside 1…10000, an index outside 1…count, or text that is
/// not `I/N`. Data, not wording for a flag: the command line words it for `--shard`.
public struct ShardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong: a struct over a private code, so a new kind breaks no one's `switch`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable { case countOutOfRange, indexOutOfRange, notIndexOverCount }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The count is below 1 or above 10000.
        public static let countOutOfRange = Code(.countOutOfRange)
        /// The index is below 1 or above the count.
        public static let indexOutOfRange = Code(.indexOutOfRange)
        /// The text is not two whole numbers `I/N`.
        public static let notIndexOverCount = Code(.notIndexOverCount)

        public var description: String { value.rawValue }
    }

    public let code: Code
    /// The index and count asked for, when they were numbers.
    public let index: Int?
    public let count: Int?
    /// The text read, when it was not `I/N`.
    public let text: String?

    init(_ code: Code, index: Int? = nil, count: Int? = nil, text: String? = nil) {
        self.code = code
        self.index = index
        self.count = count
        self.text = text
    }

    public var description: String {
        switch code {
        case .countOutOfRange: return "a shard count must be between 1 and 10000, not \(count ?? 0)"
        case .indexOutOfRange:
            let count = count ?? 0
            return "shard \(index ?? 0) of \(count) does not exist: shards are numbered 1 to \(count)"
        default: return "'\(text ?? "")' is not a shard: write I/N, such as 2/4 (shard 2 of 4)"
        }
    }
}
