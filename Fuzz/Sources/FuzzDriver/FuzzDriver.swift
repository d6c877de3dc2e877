import CLibFuzzer
import FuzzChecks
import Foundation

/// The target this process fuzzes; set once, before libFuzzer starts calling back.
nonisolated(unsafe) private var currentTarget = FuzzTarget.timings

/// libFuzzer's entry point: one input. A broken invariant aborts, which libFuzzer reports as a
/// crash and saves the input as `crash-<sha1>`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do { try currentTarget.check(bytes) } catch {
        FileHandle.standardError.write(Data("\(currentTarget.rawValue): invariant broken: \(error)\n".utf8))
        abort()
    }
    return 0
}

/// Hands the process to libFuzzer with the command line's options. Under SwiftPM the executable
/// has Swift's own `main`, so libFuzzer's `main` is not linked; `LLVMFuzzerRunDriver` is its
/// documented way in for that case.
public func runFuzzer(_ target: FuzzTarget) -> Never {
    currentTarget = target
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
}
