import Dispatch
import Foundation
import TrawlHTML
import TrawlText

/// `trawl select` over many files on every core: each file is read, parsed and matched
/// on its own thread (documents share nothing), and the lines come back in input order.
enum SelectBatch {
    enum Result: Sendable {
        case lines([String], matched: Bool, warnings: [String])
        case unreadable(any Error)
        case failed(any Error)
    }

    /// Files in flight at once: enough that one large file does not leave the other cores
    /// idle at the end of a batch, few enough that the lines waiting to be printed stay small.
    static let size = max(16, ProcessInfo.processInfo.activeProcessorCount * 16)

    /// A file path rather than `-` or a URL.
    static func isPlainFile(_ input: String) -> Bool {
        guard input != "-" else { return false }
        return URL(string: input)?.isFetchable != true
    }

    /// The results of `files`, in their order, computed concurrently.
    static func results(
        of files: [String], css: String, base: URL?, maxBytes: Int, output: SelectCommand.Output
    ) -> [Result] {
        let slots = ResultSlots(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let input = files[index]
            let document: Document
            do {
                let data = try SelectCommand.contents(of: input, maxBytes: maxBytes)
                document = SelectCommand.parse(data, url: base, contentType: nil, name: input)
            } catch {
                slots.set(index, .unreadable(error))
                return
            }
            slots.set(index, result(document, input: input, css: css, output: output))
        }
        return slots.values
    }

    /// The result of one input of any kind, read as `SelectCommand.read` reads it.
    static func result(
        of input: String, css: String, base: URL?, maxBytes: Int, output: SelectCommand.Output
    ) async -> Result {
        do {
            let document = try await SelectCommand.read(input, base: base, maxBytes: maxBytes)
            return result(document, input: input, css: css, output: output)
        } catch {
            return .unreadable(error)
        }
    }

    private static func result(
        _ document: Document, input: String, css: String, output: SelectCommand.Output
    )
        -> Result
    {
        do {
            let matches = try SelectCommand.select(css, in: document)
            return .lines(
                SelectCommand.lines(matches, input: input, output: output), matched: !matches.isEmpty,
                warnings: document.warnings)
        } catch {
            return .failed(error)
        }
    }

    /// One result per file, filled in from many threads.
    private final class ResultSlots: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Result?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ result: Result) {
            lock.withLock { slots[index] = result }
        }

        var values: [Result] {
            lock.withLock { slots.map { $0 ?? .lines([], matched: false, warnings: []) } }
        }
    }
}
