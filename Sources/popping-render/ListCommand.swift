import ArgumentParser
import Demos
import Foundation

/// `popping-render list`: every demo with one line, its default device and duration.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Lists the demos with their default device and duration.")

    @Flag(help: "Print only the names, one per line (for scripts).")
    var names = false

    func run() throws {
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
}
