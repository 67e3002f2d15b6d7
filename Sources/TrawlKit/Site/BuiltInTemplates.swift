import Foundation

/// The default templates and assets, compiled into the binary from `Templates/` (see
/// Package.swift's `.embedInCode("Templates")`), by the name a user's override has.
enum BuiltInTemplates {
    static let files: [String: [UInt8]] = [
        "layout.mustache": PackageResources.layout_mustache,
        "index.mustache": PackageResources.index_mustache,
        "source.mustache": PackageResources.source_mustache,
        "item.mustache": PackageResources.item_mustache,
        "episode.mustache": PackageResources.episode_mustache,
        "switch.mustache": PackageResources.switch_mustache,
        "run.mustache": PackageResources.run_mustache,
        "details.mustache": PackageResources.details_mustache,
        "pagination.mustache": PackageResources.pagination_mustache,
        "change.mustache": PackageResources.change_mustache,
        "digest.mustache": PackageResources.digest_mustache,
        "article.mustache": PackageResources.article_mustache,
        "digests.mustache": PackageResources.digests_mustache,
        "assets/style.css": PackageResources.style_css,
        "assets/site.js": PackageResources.site_js,
    ]

    /// The assets copied to `Output/assets/` as they are.
    static let assets = ["assets/style.css", "assets/site.js"]
}
