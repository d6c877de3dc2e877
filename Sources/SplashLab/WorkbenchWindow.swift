import App
import CSDL2
import Foundation

// MARK: - The workbench in the window: its layout, remembered between runs

extension WindowShell {
    /// Where the layout is remembered, for this process's environment.
    static var rememberedLayoutPath: String? { RememberedLayout.path(environment: ProcessInfo.processInfo.environment) }

    /// The window's size and the splitters, written where the next run reads them. A failure is
    /// said once in the window and on standard error; the layout is not worth more.
    mutating func rememberLayout() {
        guard let path = WindowShell.rememberedLayoutPath else { return }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(renderer.context.window, &w, &h)
        let layout = RememberedLayout(windowWidth: Double(w), windowHeight: Double(h), splitters: state.workbench.splitters)
        do { try layout.save(path: path) } catch {
            if failingOutputs.insert(path).inserted {
                printError("splashlab: warning: could not remember the layout: \(error)")
            }
        }
    }
}
