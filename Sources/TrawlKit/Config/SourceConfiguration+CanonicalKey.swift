import Foundation

/// Every setting of a source, written out by name (`CanonicalKey`): what keys its HTTP
/// validators (`fingerprint`) and what its page on the site is made from. A new stored
/// property must be written here too: `CanonicalKeyTests` counts them.
extension SourceConfiguration: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        encodeScraping(into: &key)
        key.add("entries", entries.rawValue)
        key.add("announceBaseline", announceBaseline)
        key.add("notify", notify)
        key.add("every", every.map { "\($0)" })
        // Not in the fingerprint: the list page gives the same items whatever is read from
        // each item's own page, and the detail records keep a fingerprint of their own.
        key.add("detail", detail)
    }

    /// What decides what a fetch gives and how it becomes items: all but what is shown and
    /// who is told.
    private func encodeScraping(into key: inout CanonicalKey) {
        key.add("id", id)
        key.add("name", name)
        key.add("kind", kind.rawValue)
        key.add("url", url)
        key.add("base", base)
        key.add("items", items)
        key.add("itemsXPath", itemsXPath)
        key.add("script", script)
        key.add("fields", fields)
        // Written as one field was before lists were taken, and the filters only when set,
        // so a source that uses neither keeps its fingerprint (and its validators).
        if idFields.count > 1 { key.add("idFields", idFields) } else { key.add("idField", idField) }
        if !keep.isEmpty { key.add("keep", keep) }
        if !drop.isEmpty { key.add("drop", drop) }
        if !ignore.isEmpty { key.add("ignore", ignore) }
        key.add("ignoreChanges", ignoreChanges)
        key.add("required", required)
        key.add("next", next)
        key.add("maxPages", maxPages)
        key.add("maxItems", maxItems)
        key.add("header", header)
        key.add("onValues", onValues)
        key.add("download", download)
        key.add("guard", guardrail)
        key.add("request", request)
        key.add("render", render)
    }

    /// A short digest of the settings that change what a fetch gives, the same in every
    /// process, so the cache can tell when a source was edited (a header, a cookie or a
    /// credential included: each enters as its hash).
    public var fingerprint: String {
        var key = CanonicalKey.hashing()
        encodeScraping(into: &key)
        return key.hash
    }
}

extension FieldRule: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.add("name", name)
        switch locator {
        case .css(let selector): key.add("css", selector)
        case .xpath(let path): key.add("xpath", path)
        case .json(let path): key.add("json", path)
        case nil: key.add("locator", nil as String?)
        }
        key.add("column", column)
        key.add("attr", attr)
        key.add("type", type.rawValue)
        key.add("format", format)
        key.add("locale", locale)
        key.add("strip", strip)
        key.add("replace", replace)
        key.add("many", many)
        key.add("default", defaultValue)
    }
}

extension FieldRule.Replacement: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.add("pattern", pattern)
        key.add("template", template)
    }
}

extension DetailSettings: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.add("article", article.rawValue)
        key.add("fields", fields)
        key.add("maxPerRun", maxPerRun)
    }

    /// A short digest of what a detail page is read for: a stored result read with other
    /// settings is read again.
    var fingerprint: String {
        var key = CanonicalKey.hashing()
        key.add("article", article.rawValue)
        key.add("fields", fields)
        return key.hash
    }
}

extension Guardrail: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.add("maxLoss", maxLoss)
        key.add("maxMissingRequired", maxMissingRequired)
        key.add("allowEmpty", allowEmpty)
        key.add("warnAt", warnAt)
    }
}

extension RequestOptions: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.add("method", method)
        key.add("headers", headers.fields.map { HeaderField(name: $0.name, value: $0.value) })
        key.add("cookies", cookies)
        key.add("credentials", credentials)
        key.addSecret("body", body.map { $0.base64EncodedString() })
        key.add("contentType", contentType)
        key.add("proxy", proxy)
    }

    /// A header whose value may be a secret (a token): the name in clear, the value hashed.
    private struct HeaderField: CanonicallyKeyed {
        var name: String
        var value: String

        func encode(into key: inout CanonicalKey) {
            key.add("name", name)
            key.addSecret("value", value)
        }
    }
}

extension ProxyAddress: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.add("scheme", scheme)
        key.add("host", host)
        key.add("port", port)
        key.add("credentials", credentials)
    }
}

extension Cookie: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.add("domain", domain)
        key.add("includeSubdomains", includeSubdomains)
        key.add("path", path)
        key.add("secureOnly", secureOnly)
        key.add("expires", expires)
        key.add("name", name)
        key.addSecret("value", value)
    }
}

extension Credentials: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.addSecret("user", user)
        key.addSecret("password", password)
    }
}

extension RenderSettings: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.add("executable", executable)
        key.add("waitFor", waitFor)
        key.add("timeout", timeout)
        key.add("loadImages", loadImages)
    }
}
