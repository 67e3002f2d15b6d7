import Foundation

/// What libFuzzer calls with each input; the `Int32` is always 0.
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ target: FuzzTarget
) -> Int32

/// Starts libFuzzer from a Swift `main`: SwiftPM gives executables an entry point of their
/// own, so libFuzzer's `main` is not the one linked, and its driver is called instead.
public enum FuzzerDriver {
    public static func run(_ target: FuzzTarget) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(runDriver(&argc, &argv, target))
    }

    /// The input as bytes (libFuzzer may pass a null pointer for an empty one).
    public static func data(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// The input as text, invalid UTF-8 replaced.
    public static func text(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> String {
        String(decoding: data(bytes, count), as: UTF8.self)
    }
}
