import Formats
import Scenes
enum ComposeExport { static func source(_ splash: SplashSequence, timingsPath: String) -> String { "" } }
