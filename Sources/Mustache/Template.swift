/// A compiled Mustache template (the engine arrives with the Site work).
public struct Template: Sendable {}
