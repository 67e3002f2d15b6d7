import Foundation

/// `trawl import`'s reading: what a file is, and the sources it becomes, each with ids made
/// unique against `existing`.
enum ImportReader {
    static func read(_ bytes: [UInt8], file: String, existing: [String]) throws -> ImportReport {
        var ids = SourceIDs(existing: existing)
        switch try ImportFormat.of(bytes, file: file) {
        case .opml: return try OPMLImporter(file: file).read(bytes, ids: &ids)
        case .urlwatch: return try URLWatchImporter(file: file).read(bytes, ids: &ids)
        case .changedetection: return try ChangeDetectionImporter(file: file).read(bytes, ids: &ids)
        }
    }
}
