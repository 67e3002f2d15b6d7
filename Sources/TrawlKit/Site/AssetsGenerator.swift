import Foundation

/// `assets/`: the stylesheet and the small script (search as you type, sortable tables),
/// copied as they are from the templates, a user's override first.
enum AssetsGenerator {
    static func generate(_ site: GenerationContext) throws {
        for name in BuiltInTemplates.assets {
            try site.writer.write(try site.templates.asset(name), to: name)
        }
    }
}
