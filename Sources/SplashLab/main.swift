import Formats
import PreviewWindow
import App
import CSDL2
import Foundation
import Motion
import Render
import Scenes
import Session

/// The monotonic clock when the process began: `record`'s summary and `bench`'s first frame count from it.
let processStart = MonotonicClock.now()

let commands = CLI.commands.map(\.name) + ["help"]

/// Large blocks (textures under software GL, video frames, decoded images) are mapped from the
/// kernel and given back when freed. glibc's default raises its mmap threshold after the first
/// such block is freed, up to 32 MB, after which textures come from the heap and its holes keep
/// the process's memory at its high-water mark: the soak saw steps of megabytes that never came
/// back. A fixed threshold turns that adaptation off (mallopt(3), M_MMAP_THRESHOLD).
let largeBlockThreshold: Int32 = 256 * 1024

func main() -> Int32 {
    // `bench`'s first-frame floor, measured in a child of this binary that does nothing else.
    if let floor = ProcessInfo.processInfo.environment[FirstFrameFloor.environmentKey] { return FirstFrameFloor.runChild(floor) }
    _ = mallopt(M_MMAP_THRESHOLD, largeBlockThreshold)
    // A reader that goes away (`splashlab state … | head -c 10`) makes a write fail with EPIPE,
    // and a file past the size limit (`ulimit -f`) with EFBIG: both are reported, with the path,
    // rather than ending the process with no word and a temporary file left behind.
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    var arguments = Array(CommandLine.arguments.dropFirst())
    var command = "run"
    if let first = arguments.first, !first.hasPrefix("-") {
        command = first
        arguments.removeFirst()
    }
    do {
        if command == "help" {
            // `help keys` and `help options` print the window's key table and the option table, as README shows them.
            switch arguments.first {
            case "keys"?: try printOutput(KeyBindings.markdown)
            case "man"?: try printOutput(ManPage.roff, terminator: "")
            case "options"?: try printOutput(CLI.markdown)
            case let name?: try printOutput(CLI.help(for: name))
            case nil: try printOutput(CLI.helpText)
            }
            return 0
        }
        if command == "run" && CLI.asksForVersion(arguments) {
            try printOutput(BuildInfo.versionLine)
            return 0
        }
        if CLI.asksForHelp(arguments) {
            try printOutput(CommandLine.arguments.dropFirst().first?.hasPrefix("-") ?? true ? CLI.helpText : CLI.help(for: command))
            return 0
        }
        switch command {
        case "run": return try runWindow(arguments)
        case "render": return try renderCommand(arguments)
        case "state": return try stateCommand(arguments)
        case "lint": return try lintCommand(arguments)
        case "devices": return try devicesCommand(arguments)
        case "layout": return try layoutCommand(arguments)
        case "curve": return try curveCommand(arguments)
        case "bench": return try benchCommand(arguments)
        case "record": return try recordCommand(arguments)
        case "review": return try reviewCommand(arguments)
        case "export": return try exportCommand(arguments)
        case "make-assets": return try makeAssetsCommand(arguments)
        case "completion": return try completionCommand(arguments)
        case "timings": return try timingsCommand(arguments)
        case "compare-video": return try compareVideoCommand(arguments)
        default:
            throw UsageError(message: "unknown command '\(command)'; commands: \(commands.joined(separator: ", "))", usage: CLI.usage(""))
        }
    } catch let e as UsageError {
        printError("splashlab: \(e.message)")
        if let usage = e.usage { printError(usage) }
        return ExitCode.usage
    } catch let e as JSONFileError {
        printError("splashlab: \(e)")
        return ExitCode.failure
    } catch let e as UserFacingError {
        printError("splashlab: \(e)")
        return ExitCode.failure
    } catch let e as RenderError {
        printError("splashlab: \(e.message)")
        return ExitCode.failure
    } catch let e as MotionError {
        printError("splashlab: \(e)")
        return ExitCode.usage
    } catch {
        printError("splashlab: \(error)")
        return ExitCode.failure
    }
}

exit(main())
