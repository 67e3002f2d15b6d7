/// A value that answers a template's lookups itself, instead of being copied into an
/// `[String: MustacheValue]` first: a page of a thousand items renders straight from the
/// page model, with no dictionary built (or hashed, or freed) per item.
///
/// Lookups behave as an object's: a member that is nil is missing, so the lookup goes on
/// outward through the context stack; an object is always truthy in a section.
///
/// ```swift
/// struct Episode: MustacheObject {
///     var title: String
///     func member(_ key: String) -> MustacheValue? {
///         key == "title" ? .string(title) : nil
///     }
/// }
/// try template.render(.custom(Episode(title: "Pilot")))
/// ```
public protocol MustacheObject: Sendable {
    /// The value of member `key`, or nil when the object has none.
    func member(_ key: String) -> MustacheValue?

    /// The text `{{object}}` writes, as `MustacheValue.objectWithText` has; nil prints nothing.
    var mustacheText: String? { get }
}

extension MustacheObject {
    public var mustacheText: String? { nil }
}

extension MustacheValue {
    /// A list of objects that look their members up themselves.
    public static func list(of objects: [some MustacheObject]) -> MustacheValue {
        .list(objects.map { .custom($0) })
    }
}
