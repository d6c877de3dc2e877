import Formats
import Scenes
enum SwiftUIExport { static func source(_ splash: SplashSequence, timingsPath: String) -> String { "" } }
