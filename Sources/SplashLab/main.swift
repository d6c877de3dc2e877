import Formats
import Foundation
import Motion
import Render
import Scenes

/// The process's exit codes: 0 done, 1 a failure of SDL or of a file, 2 a usage mistake.
enum ExitCode { static let failure: Int32 = 1; static let usage: Int32 = 2 }

let processStart = MonotonicClock.now()

func printError(_ text: String) {
    FileHandle.standardError.write((text + "\n").data(using: .utf8)!)
}

let helpText = """
splashlab: preview iOS launch choreography

usage: splashlab [COMMAND] [OPTIONS]

commands:
  run        open the preview window (the default)
               splashlab run --device iphone-15 --window-scale 0.75
  render     write one frame as a PNG, headless
               splashlab render --at 2.3 --out frame.png
               splashlab render --launch --out launch.png
  state      print what is on screen at a time, as JSON
               splashlab state --at 2.3 --device iphone-se
  record     render a video (mp4 or gif through ffmpeg) or a PNG sequence at a fixed step, headless
               splashlab record --out splash.mp4 --duration 3 --fps 30
               splashlab record --out review.gif --script capture.json --skip-splash
  devices    list the device presets
               splashlab devices
  curve      print a timing curve or spring as CSV, or plot it
               splashlab curve "cubic-bezier(0.25, 0.1, 0.25, 1)" --samples 11
               splashlab curve "spring(response: 0.5, dampingFraction: 0.825)" --plot spring.png
  bench      print performance figures as JSON: the scripted scenario against its floor, or the motion math
               splashlab bench --device iphone-se --frames 600
               splashlab bench --motion
  export     tuned values back to iOS: Swift code for the timings, or the launch frame for every device
               splashlab export swift --timings my-timings.json > SplashTimings.swift
               splashlab export launch --out launch-images
  make-assets  regenerate the built-in art (logo, splash texts, photos) into a folder
               splashlab make-assets --out /tmp/art

preview options (run, render, state):
  --device NAME             iphone-se (default), iphone-15, iphone-15-pro-max, ipad-air-11
  --orientation O           portrait (default) or landscape
  --seed N                  fixes the splash text variant and the feed's content
  --feed-latency SECONDS    when the simulated feed load completes (default 0.8)
  --reduce-motion           a still splash and a cross-fade, as with Reduce Motion on
  --skip-splash             start at the feed
  --timings FILE            timings file (default: Assets/timings.json)
  --assets DIR              your splash assets; anything missing comes from the built-in Assets
  --renderer NAME           opengles2, opengl or software
  --script FILE             (render, state) play a JSON input script up to the time

run the window:     splashlab run [--window-scale S] [--hud] [--fps N] [--frames-csv FILE] [--replay SCRIPT] [preview options]
render a frame:     splashlab render --at SECONDS --out FILE.png [--scale S] [preview options]
inspect a frame:    splashlab state --at SECONDS [preview options]
"""

func usageLine(_ command: String) -> String {
    switch command {
    case "render": return "usage: splashlab render (--at SECONDS | --launch) --out FILE.png [--scale S] [--script FILE] [--device NAME] [--orientation O] [--renderer NAME] [--seed N] [--feed-latency S] [--reduce-motion] [--skip-splash] [--timings FILE] [--assets DIR]"
    case "state": return "usage: splashlab state --at SECONDS [--script FILE] [--device NAME] [--orientation O] [--seed N] [--feed-latency S] [--reduce-motion] [--skip-splash] [--timings FILE] [--assets DIR]"
    case "curve": return "usage: splashlab curve SPEC [--samples N | --at t1,t2,...] [--plot FILE.png]"
    case "bench": return "usage: splashlab bench [--device NAME] [--orientation O] [--scale S] [--frames N] [--renderer NAME] [--frames-csv FILE] | splashlab bench --motion"
    case "run": return "usage: splashlab run [--window-scale S] [--hud] [--fps N] [--frames-csv FILE] [--replay SCRIPT] [--device NAME] [--orientation O] [--seed N] [--feed-latency S] [--reduce-motion] [--skip-splash] [--timings FILE] [--assets DIR] [--renderer NAME]"
    case "make-assets": return "usage: splashlab make-assets --out DIR"
    case "export": return "usage: splashlab export swift [--timings FILE] | splashlab export launch --out DIR [--assets DIR]"
    case "record": return "usage: splashlab record --out FILE.mp4|FILE.gif|DIR [--duration S] [--fps 60] [--scale S] [--script FILE] [--device NAME] [--orientation O] [--seed N] [--skip-splash] ..."
    default: return "usage: splashlab [run|render|state|devices|curve|bench|make-assets] [OPTIONS]; splashlab --help for more"
    }
}

let commands = ["run", "render", "state", "record", "devices", "curve", "bench", "export", "make-assets", "help"]

func main() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var command = "run"
    if let first = arguments.first, !first.hasPrefix("-") {
        command = first
        arguments.removeFirst()
    }
    if command == "help" || arguments.contains("--help") || arguments.contains("-h") {
        print(helpText)
        return 0
    }
    do {
        switch command {
        case "run": return try runWindow(arguments)
        case "render": return try renderCommand(arguments)
        case "state": return try stateCommand(arguments)
        case "devices": return try devicesCommand(arguments)
        case "curve": return try curveCommand(arguments)
        case "bench": return try benchCommand(arguments)
        case "record": return try recordCommand(arguments)
        case "export": return try exportCommand(arguments)
        case "make-assets": return try makeAssetsCommand(arguments)
        default:
            throw UsageError(message: "unknown command '\(command)'; commands: \(commands.joined(separator: ", "))", usage: usageLine(""))
        }
    } catch let e as UsageError {
        printError("splashlab: \(e.message)")
        if let usage = e.usage { printError(usage) }
        return ExitCode.usage
    } catch let e as JSONFileError {
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
