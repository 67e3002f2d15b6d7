import Foundation
import TestSupport
import TrawlHTML

/// Loads the peer selector suites of `../shared/testdata/css-selectors` for table tests.
enum PeerSuite {
    /// The decoded JSON file at `path` under the shared test data, or nil when it is absent.
    static func load<T: Decodable>(_ type: T.Type, _ path: String) -> T? {
        do {
            guard let folder = try SharedTestData.folder("css-selectors") else { return nil }
            let data = try Data(contentsOf: folder.appendingPathComponent(path))
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            // Arguments are computed before any test runs; a record of the failure is all we can keep.
            loadErrors.append("\(path): \(error)")
            return nil
        }
    }

    nonisolated(unsafe) static var loadErrors: [String] = []

    /// The `id` of each element, `nil` for elements without one (cssselect's convention).
    static func ids(_ nodes: NodeList) -> [String] {
        nodes.map { $0.attr("id") ?? "nil" }
    }

    static func text(_ path: String) throws -> String? {
        guard let folder = try SharedTestData.folder("css-selectors") else { return nil }
        return try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }
}
