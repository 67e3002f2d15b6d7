/// `trawl schema`: print the JSON Schema of `trawl.json`, for editors to complete and
/// check the file (docs/GUIDE.md, "Checking trawl.json in an editor").
struct SchemaCommand: TrawlCommand {
    static let name = "schema"
    static let summary = "print the JSON Schema (draft 2020-12) of trawl.json, for editors"
    static let about = """
        Every key, kind, field option, notifier and preset, with what each is for. Save it
        beside trawl.json (trawl schema > trawl.schema.json) and point the file at it with
        "$schema": "./trawl.schema.json", or VS Code's json.schemas setting. Reads nothing.
        """
    static let options: [CommandOption] = []

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        console.write(ConfigurationSchema.text)
        return .success
    }
}
