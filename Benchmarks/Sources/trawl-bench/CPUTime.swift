import Foundation

/// CPU seconds (user and system) as the kernel counts them, for timing one phase of a
/// benchmark: work elsewhere on a shared machine does not count.
enum CPUTime {
    /// The calling thread's, so work other threads do in the meantime is left out.
    static var thread: Double { seconds(CLOCK_THREAD_CPUTIME_ID) }
    /// The whole process's, every thread's.
    static var process: Double { seconds(CLOCK_PROCESS_CPUTIME_ID) }

    private static func seconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
