import Foundation

/// `trawl import`'s reading: what a file is, and the sources it becomes, each with ids made
/// unique against `existing`.
public enum ImportReader {
    static func read(_ bytes: [UInt8], file: String, existing: [String]) throws -> ImportReport {
        var ids = SourceIDs(existing: existing)
        switch try ImportFormat.of(bytes, file: file) {
        case .opml: return try OPMLImporter(file: file).read(bytes, ids: &ids)
        case .urlwatch: return try URLWatchImporter(file: file).read(bytes, ids: &ids)
        case .changedetection: return try ChangeDetectionImporter(file: file).read(bytes, ids: &ids)
        }
    }

    /// The sources `trawl import` makes of a file's bytes (an OPML file, urlwatch's
    /// urls.yaml, changedetection.io's backup zip or its url-watches.json), as the JSON it
    /// prints; an error names `file` and what in it could not be read.
    public static func sourcesJSON(of bytes: [UInt8], file: String, existing: [String] = []) throws -> String {
        json(of: try read(bytes, file: file, existing: existing))
    }

    /// The `{"sources": [...]}` object `trawl import` prints.
    static func json(of report: ImportReport) -> String {
        "{\n  \"sources\": [\n\(report.sources.map { $0.json(indent: 4) }.joined(separator: ",\n"))\n  ]\n}\n"
    }
}
