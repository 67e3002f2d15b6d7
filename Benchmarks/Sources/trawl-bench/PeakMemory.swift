import Foundation

/// The process's peak resident memory, as the kernel counts it (VmHWM), for benchmarks
/// that measure several phases one after another.
enum PeakMemory {
    /// Resets the kernel's peak mark, so the next phase is measured on its own.
    static func reset() {
        // Only a figure is at stake: where /proc does not allow it, the peak covers more.
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    /// The peak since the last reset, in megabytes; -1 where /proc cannot tell.
    static func megabytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return -1 }
        return kilobytes / 1_024
    }
}
