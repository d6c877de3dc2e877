import Scenes

/// `splashlab export launch --out DIR`: the launch screen as iOS draws it from its sources (not
/// the intro's first frame), for every device preset in both orientations, as PNGs an Xcode
/// project can ship as launch images.
public struct LaunchImagesExport: ExportTarget {
    public let command = ExportCommandLine(name: "launch", options: .folder)

    public func export(_ source: ExportSource) throws -> ExportOutput {
        let files = Device.presets.flatMap { preset in
            Orientation.allCases.map { orientation -> ExportFile in
                let device = preset.oriented(orientation)
                return ExportFile(name: "launch-\(device.name)-\(orientation.rawValue).png") { try source.images.launchScreen(on: device) }
            }
        }
        return .files(files, description: "launch images (\(Device.presets.count) devices × 2 orientations)")
    }
}
