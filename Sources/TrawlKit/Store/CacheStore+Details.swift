import Foundation

/// A source's detail records (`details.json`): what each item's own page gave.
extension CacheStore {
    func detailsFile(of sourceID: String) -> URL {
        sourceDirectory(sourceID).appendingPathComponent("details.json", isDirectory: false)
    }

    /// The source's detail records by item id; empty when none were kept (or the file was
    /// unusable, then moved aside and reported: the pages are read again).
    func details(of sourceID: String) throws -> [String: DetailRecord] {
        try read(DetailsFile.self, at: detailsFile(of: sourceID), consequence: "its items' pages are read again")?
            .records ?? [:]
    }

    /// Saves the source's detail records; false when the file already held them.
    @discardableResult
    func save(details: [String: DetailRecord], of sourceID: String) throws -> Bool {
        try write(DetailsFile(records: details), to: detailsFile(of: sourceID))
    }
}
