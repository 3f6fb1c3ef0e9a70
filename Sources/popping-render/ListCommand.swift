import ArgumentParser
import Demos
import Scene
import Foundation

/// `popping-render list`: every demo with one line, its default device and duration; with
/// `--devices`, every device with its screen.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Lists the demos with their default device and duration, or the devices (--devices).")

    @Flag(help: "Print only the names, one per line (for scripts).")
    var names = false

    @Flag(help: "List the devices: points, scale, safe areas (portrait; landscape), display corner radius, chrome.")
    var devices = false

    func run() throws {
        if devices {
            if !names { print(Self.columns(["device", "points @scale", "safe area t,l,b,r; landscape", "corners", "chrome", "model"])) }
            for device in Device.allCases { print(names ? device.rawValue : Self.describe(device)) }
            return
        }
        for demo in allDemos {
            if names {
                print(demo.name)
                continue
            }
            let seconds = (try? demo.start(DemoSettings(screenSize: demo.defaultDevice.screenSize)))
                .map { String(format: "%.1f s", Double($0.frameCount) / 60) } ?? "?"
            let name = demo.name.padding(toLength: 12, withPad: " ", startingAt: 0)
            let device = demo.defaultDevice.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            print("\(name)\(device)\(seconds.padding(toLength: 8, withPad: " ", startingAt: 0))\(demo.summary)")
        }
    }

    /// One line about `device`: `iphone-16-pro  402x874 @3x  safe area 62,0,34,0; 0,62,21,62  corners 62  ios18  iPhone 16 Pro`.
    static func describe(_ device: Device) -> String {
        let screen = device.screen
        func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        func insets(_ e: EdgeInsets) -> String { [e.top, e.left, e.bottom, e.right].map(n).joined(separator: ",") }
        let housing: String
        switch screen.sensorHousing {
        case .none: housing = ""
        case .notch: housing = "notch "
        case .dynamicIsland: housing = "Dynamic Island "
        }
        return columns([device.rawValue, "\(n(screen.size.width))x\(n(screen.size.height)) @\(n(screen.scale))x",
                        "\(insets(screen.portraitSafeArea)); \(insets(screen.landscapeSafeArea))", n(screen.displayCornerRadius),
                        device.defaultChrome.rawValue, device.modelName + (housing.isEmpty ? "" : ", " + housing.trimmingCharacters(in: .whitespaces))])
    }

    /// The device table's columns padded to their widths.
    static func columns(_ cells: [String]) -> String {
        zip(cells, [19, 16, 30, 9, 8, 0]).map { $1 == 0 ? $0 : $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined()
    }
}
