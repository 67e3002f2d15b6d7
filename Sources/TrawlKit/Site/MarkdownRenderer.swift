import CCmarkGFM
import Foundation
import TrawlText

/// GitHub Flavored Markdown to HTML through cmark-gfm, with the table, autolink and
/// strikethrough extensions.
///
/// Raw HTML in the Markdown is never passed through (`CMARK_OPT_SAFE`, the default since
/// cmark-gfm 0.29, asked for by name in case an older library is linked), and a link whose
/// scheme is not http, https or mailto — an autolinked `ftp:` or `javascript:` in scraped
/// text — is reduced to its text, so a digest cannot smuggle markup or links into a page.
enum MarkdownRenderer {
    private static let extensions = ["table", "autolink", "strikethrough"]

    static func html(_ markdown: String) -> String {
        cmark_gfm_core_extensions_ensure_registered()
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_SAFE | CMARK_OPT_GITHUB_PRE_LANG
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        let bytes = Array(markdown.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                cmark_parser_feed(parser, $0, buffer.count)
            }
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        unlinkUnsafeLinks(in: document)
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            return ""
        }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    private static func unlinkUnsafeLinks(in document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        var unsafe: [OpaquePointer] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == CMARK_NODE_LINK
            else { continue }
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if !URLSchemes.isPublishable(reference: url) { unsafe.append(node) }
        }
        cmark_iter_free(iterator)
        // Edit after the walk: the iterator must not see the tree change under it.
        for link in unsafe {
            while let child = cmark_node_first_child(link) {
                cmark_node_insert_before(link, child)
            }
            cmark_node_free(link)
        }
    }
}
