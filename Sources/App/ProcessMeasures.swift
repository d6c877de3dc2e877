import Foundation

// What this process has used, read from the kernel: for `bench`, the window's idle probe and its
// first-frame figure.

/// This process's CPU time (user + system, every thread, the GL driver's included), seconds.
package func processCPUTime() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
}

/// The resident set now, from /proc/self/statm (pages), in MB; 0 where it cannot be read.
package func residentMegabytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// The most this process has held resident, in MB.
package func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024  // ru_maxrss is in KiB on Linux
}

/// Seconds since this process started, from /proc (10 ms resolution), so the figure includes the
/// loader and runtime start-up that run before main.
package func secondsSinceProcessStart() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // Field 22 (starttime) is the 20th after the command name's closing parenthesis.
    guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
    var ts = timespec(tv_sec: 0, tv_nsec: 0)
    clock_gettime(CLOCK_BOOTTIME, &ts)
    let now = Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    return now - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}
