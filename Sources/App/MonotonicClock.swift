import Formats
import Foundation

/// CLOCK_MONOTONIC in seconds: immune to wall-clock changes, so frame durations are honest.
public enum MonotonicClock {
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
