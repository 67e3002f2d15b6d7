import Foundation

/// What one extraction may cost: hostile markup (a page of a million empty `div`s, a
/// document nested thousands deep, a page that is all one enormous paragraph) gives up with a
/// note rather than running on.
public struct ExtractionLimits: Sendable {
    /// Bytes read from the page; the rest is not parsed.
    public var maximumInputSize: Int
    /// Elements and text nodes copied out of the body.
    public var maximumNodes: Int
    /// Wall-clock time for the whole extraction, in seconds.
    public var maximumSeconds: Double

    public init(maximumInputSize: Int = 16 << 20, maximumNodes: Int = 400_000, maximumSeconds: Double = 5) {
        self.maximumInputSize = maximumInputSize
        self.maximumNodes = maximumNodes
        self.maximumSeconds = maximumSeconds
    }

    public static let standard = ExtractionLimits()
}

/// A deadline checked between steps of the extraction.
struct TimeBudget {
    let deadline: UInt64

    init(seconds: Double) {
        deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
    }

    var isSpent: Bool { DispatchTime.now().uptimeNanoseconds > deadline }
}
