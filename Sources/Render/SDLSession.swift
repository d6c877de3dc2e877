import CSDL2
import Foundation
import Synchronization

/// SDL for the whole process: video, SDL_image and SDL_ttf started once and stopped once, the
/// signals that ask the process to end, and the hook that reports every SDL error. SDL keeps this
/// state per process, so this is one namespace, not an object.
public enum SDLSession {
    private static let started = Atomic<Bool>(false)
    /// Every open context, so that `stop()` can close them before SDL goes.
    private static let openContexts = Mutex<[ObjectIdentifier: OpenContext]>([:])
    /// An open context, not retained. The table is read and written only under its lock, and the
    /// context itself is used only on the thread that runs SDL (SDL is not thread-safe), which is
    /// what makes handing the entry to the lock sound.
    private struct OpenContext: @unchecked Sendable { weak var context: RenderContext? }

    /// Brings up SDL video, SDL_image and SDL_ttf once per process.
    public static func start(offscreen: Bool) throws {
        if started.load(ordering: .relaxed) { return }
        setSoftwareRasteriserThreads()
        if offscreen && ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil {
            // Offline frames are the same with or without a desktop: always draw them offscreen.
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
        }
        if ProcessInfo.processInfo.environment["SPLASHLAB_CHECK_SDL_ERRORS"] == "1" { reportEverySDLError() }
        if offscreen {
            guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw RenderError("SDL could not start video: \(sdlError())") }
        } else {
            try startDisplayVideo()
        }
        guard IMG_Init(Int32(IMG_INIT_PNG.rawValue)) & Int32(IMG_INIT_PNG.rawValue) != 0 else {
            throw RenderError("SDL_image could not start PNG support: \(sdlError())")
        }
        guard TTF_Init() == 0 else { throw RenderError("SDL_ttf could not start: \(sdlError())") }
        started.store(true, ordering: .relaxed)
    }

    /// The most rasteriser threads asked of Mesa's llvmpipe.
    static let softwareRasteriserThreadLimit = 16

    /// Asks Mesa's software GL (llvmpipe) for two rasteriser threads a core rather than its one,
    /// unless `LP_NUM_THREADS` is set already; other GL drivers do not read it. llvmpipe splits a
    /// frame's tiles among its threads and the frame waits for the last: beside other busy
    /// processes, a thread a core gets a core's share at best and often less, and a frame with
    /// the tools shown missed its refresh. Measured on a 2-core host with two busy loops beside
    /// (`scripts/workbench-fps.sh BIN 1`, 3 runs alternated, medians), `LP_NUM_THREADS` 2, 4 and 8:
    /// the disappearance with the tools shown 50.8, 60.0 and 60.0 fps; the bottom-panel drag 57.0,
    /// 59.6 and 57.9; the Graph view's drag 48.2, 55.4 and 53.5 (docs/performance.md). On the idle
    /// host 4 threads drew no frame slower (`bench --window`). Each tile is drawn by one thread
    /// whatever their number, so the picture is the same. Read when the first GL context is made.
    static func setSoftwareRasteriserThreads() {
        let process = ProcessInfo.processInfo
        guard let threads = softwareRasteriserThreads(environment: process.environment, cores: process.activeProcessorCount) else { return }
        setenv("LP_NUM_THREADS", String(threads), 0)
    }

    /// The thread count `setSoftwareRasteriserThreads` asks for; nil where the environment names one.
    static func softwareRasteriserThreads(environment: [String: String], cores: Int) -> Int? {
        guard environment["LP_NUM_THREADS"] == nil else { return nil }
        return min(2 * max(cores, 1), softwareRasteriserThreadLimit)
    }

    /// Starts SDL video on the desktop's display, for a window.
    ///
    /// Left to itself, SDL 2.26 goes down its driver list (x11, wayland, …, offscreen) when no
    /// display answers, and a window on the offscreen driver runs unseen for ever. So unless
    /// `SDL_VIDEODRIVER` asks otherwise, only the drivers of the displays named in the environment
    /// are allowed (`SDL_HINT_VIDEODRIVER` takes a comma-separated list). A display that does not
    /// answer (an X server too busy to accept at once, or none at all) is tried again for about
    /// three seconds, then refused by name.
    static func startDisplayVideo() throws {
        let environment = ProcessInfo.processInfo.environment
        if (environment["SDL_VIDEODRIVER"] ?? "").isEmpty {
            let drivers = [("DISPLAY", "x11"), ("WAYLAND_DISPLAY", "wayland")].filter { !(environment[$0.0] ?? "").isEmpty }.map(\.1)
            if !drivers.isEmpty { SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers.joined(separator: ",")) }
        }
        var failure = ""
        for wait in [100, 200, 400, 800, 1500, 0] as [UInt32] {
            if SDL_Init(SDL_INIT_VIDEO) == 0 { return }
            failure = sdlError()
            SDL_Delay(wait)
        }
        let display = [("DISPLAY", "X display"), ("WAYLAND_DISPLAY", "Wayland display")]
            .compactMap { name, kind in environment[name].flatMap { $0.isEmpty ? nil : "\(kind) '\($0)'" } }.joined(separator: " or ")
        throw RenderError("could not open the \(display.isEmpty ? "display" : display) for the preview window (\(failure)), tried for 3 s; "
            + "try 'splashlab render --at 2.3 --out frame.png' or 'splashlab record' instead")
    }

    /// Prints every error SDL records to stderr as `SDL error: MESSAGE`.
    ///
    /// A call SDL refuses, such as `SDL_DestroyTexture` on a texture whose renderer is gone, only
    /// sets the error string and returns; nothing is printed. But `SDL_SetError` also logs the
    /// message in the error category at debug priority (SDL2's `SDL_error.c`), so lowering that
    /// category's threshold to debug and taking over the log output makes every such error visible.
    /// Set `SPLASHLAB_CHECK_SDL_ERRORS=1` to turn it on; `scripts/e2e.sh` and the window tests do, and fail on any
    /// invalid-parameter error.
    static func reportEverySDLError() {
        var output: SDL_LogOutputFunction?
        var userData: UnsafeMutableRawPointer?
        SDL_LogGetOutputFunction(&output, &userData)
        // The hook SDL had goes to the new one as its user data, and lives as long as the process:
        // SDL calls the hook until it quits.
        let previous = Unmanaged.passRetained(LogOutput(function: output, userData: userData)).toOpaque()
        SDL_LogSetPriority(Int32(SDL_LOG_CATEGORY_ERROR.rawValue), SDL_LOG_PRIORITY_DEBUG)
        SDL_LogSetOutputFunction({ previous, category, priority, message in
            if category == Int32(SDL_LOG_CATEGORY_ERROR.rawValue), let message {
                fputs("SDL error: \(String(cString: message))\n", stderr)
            } else if let previous {
                let output = Unmanaged<LogOutput>.fromOpaque(previous).takeUnretainedValue()
                output.function?(output.userData, category, priority, message)
            }
        }, previous)
    }

    /// An SDL log output function and the user data it is called with.
    private final class LogOutput {
        let function: SDL_LogOutputFunction?
        let userData: UnsafeMutableRawPointer?
        init(function: SDL_LogOutputFunction?, userData: UnsafeMutableRawPointer?) { self.function = function; self.userData = userData }
    }

    /// Closes every open context, then shuts SDL_ttf, SDL_image and SDL down: fonts close
    /// before TTF_Quit, textures before their renderer, renderers before their windows.
    public static func stop() {
        // Taken out of the table first: closing a context unregisters it.
        let open = openContexts.withLock { table in
            defer { table = [:] }
            return Array(table.values)
        }
        for entry in open { entry.context?.close() }
        guard started.load(ordering: .relaxed) else { return }
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
        started.store(false, ordering: .relaxed)
    }

    /// A context made, to be closed by `stop()` if it is still open then.
    static func register(_ context: RenderContext) {
        let entry = OpenContext(context: context)
        openContexts.withLock { $0[ObjectIdentifier(context)] = entry }
    }

    /// A context closed.
    static func unregister(_ context: RenderContext) {
        let key = ObjectIdentifier(context)
        openContexts.withLock { $0[key] = nil }
    }

    // MARK: Signals

    /// Makes SIGINT (Ctrl-C), SIGTERM and SIGHUP post SDL_QUIT, so that a window's event loop
    /// ends and the normal quit path frees everything in order; `quitSignal` then says which
    /// signal it was, so the loop quits at once rather than asking about unsaved edits (nobody is
    /// there to answer). A second signal while that runs ends the process at once. A signal the
    /// process was started with ignored (as `nohup` or a non-interactive shell's `&` leave them)
    /// stays ignored.
    ///
    /// SDL installs a similar handler itself at SDL_Init when the signal's action is the default;
    /// this one does not depend on that (nor on SDL_HINT_NO_SIGNAL_HANDLERS), and a signal handler
    /// only sets a flag: SDL_PushEvent takes a lock, so it runs on an SDL timer thread instead.
    public static func installQuitOnSignal() {
        if SDL_WasInit(SDL_INIT_TIMER) == 0 { SDL_InitSubSystem(SDL_INIT_TIMER) }
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            sigaction(sig, nil, &current)
            // SIG_IGN is the handler value 1 (<signal.h>), which Swift imports as a function pointer.
            if let handler = current.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) == 1 { continue }
            signal(sig) { sig in
                if quitSignalled != 0 { signal(sig, SIG_DFL); raise(sig) }
                quitSignalled = sig
            }
        }
        guard quitTimer.load(ordering: .relaxed) == 0 else { return }
        // Twenty looks a second: a quit within 50 ms, at no measurable cost.
        let timer = SDL_AddTimer(50, { interval, _ in
            if quitSignalled != 0 && quitPosted == 0 {
                quitPosted = 1
                var event = SDL_Event()
                event.type = SDL_QUIT.rawValue
                SDL_PushEvent(&event)
            }
            return interval
        }, nil)
        quitTimer.store(timer, ordering: .relaxed)
    }

    /// The signal (SIGINT, SIGTERM or SIGHUP) that asked the process to end, once one has.
    public static var quitSignal: Int32? { quitSignalled == 0 ? nil : quitSignalled }

    /// The timer that posts SDL_QUIT once a signal came, 0 until it is added.
    private static let quitTimer = Atomic<SDL_TimerID>(0)
}

/// SDL's last error string.
public func sdlError() -> String { String(cString: SDL_GetError()) }

/// Set by SIGINT, SIGTERM or SIGHUP once `installQuitOnSignal()` is in place: the signal's number.
nonisolated(unsafe) private var quitSignalled: sig_atomic_t = 0
/// 1 once the signal has been posted as SDL_QUIT (by the timer thread, the only writer).
nonisolated(unsafe) private var quitPosted: sig_atomic_t = 0
