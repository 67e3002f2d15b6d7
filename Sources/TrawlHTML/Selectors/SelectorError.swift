import TrawlText

/// A selector that could not be read, saying what was expected and where
/// (`expected ')' at column 15 in "li:nth-child(2"`).
public typealias SelectorError = SyntaxError
