import ArgumentParser
import Codecs
import Foundation
import Geometry
import Layout

/// `popping-render layout`: lays out named boxes with VFL and single constraints and prints each
/// frame, for debugging constraints and for checking layouts from outside.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lays out boxes with Auto Layout (VFL and constraints) and prints their frames.",
        discussion: """
            Prints one line per view: name x y width height, in the superview's coordinates.
            The superview (the screen) is called `superview` in --constraint.
            Example: popping-render layout --size 320x568 --views a,b --vfl 'H:|-[a]-|' \
            --vfl 'V:|-[a]-[b]' --constraint 'b.centerX == superview.centerX' --intrinsic b=57x30
            """)

    @Option(help: "The superview's size, WIDTHxHEIGHT in points.")
    var size = "320x568"

    @Option(help: "Comma-separated names of the views to lay out (repeatable).")
    var views: [String] = []

    @Option(help: "A visual format string (repeatable), e.g. 'H:|-[a]-[b(==a)]-|'.")
    var vfl: [String] = []

    @Option(help: ArgumentHelp(
        "Format options for a --vfl: the Nth --option goes with the Nth --vfl; join several with '|', 'none' for none.",
        valueName: "alignAllTop|…"))
    var option: [String] = []

    @Option(help: "A constraint 'a.attr REL b.attr [* m] [+|- c] [@ p]' or 'a.attr REL c [@ p]' (repeatable).")
    var constraint: [String] = []

    @Option(help: "An intrinsic content size NAME=WIDTHxHEIGHT (repeatable); a size ≤ 0 means none on that axis.")
    var intrinsic: [String] = []

    @Option(help: "Metrics for the formats, NAME=VALUE (repeatable).")
    var metric: [String] = []

    @Option(help: "Also draw the boxes, labelled, into this PNG (2 pixels per point).")
    var png: String?

    func run() throws {
        guard let rootSize = Self.parseSize(size), [rootSize.width, rootSize.height].allSatisfy({ (1...100_000).contains($0) }) else {
            throw CommandFailure("--size \(size)", "expected WIDTHxHEIGHT, each 1...100000 points, e.g. 320x568")
        }
        let root = LayoutBox("superview")
        let engine = LayoutEngine(root: root, size: rootSize)
        engine.onConflict = { report in FileHandle.standardError.write(Data("\(report)\n".utf8)) }

        var boxes: [LayoutBox] = []
        var items: [String: LayoutItem] = ["superview": root]
        for name in views.flatMap({ $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }) {
            guard name.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
                throw CommandFailure("--views \(name)", "a view name must start with a letter or '_' and contain only letters, digits and '_'")
            }
            guard items[name] == nil else { throw CommandFailure("--views \(name)", "the name is used twice (or is 'superview')") }
            let box = LayoutBox(name)
            engine.add(box, to: root)
            boxes.append(box)
            items[name] = box
        }

        for entry in intrinsic {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let box = items[parts[0]], box !== root, let size = Self.parseSize(parts[1]),
                  [size.width, size.height].allSatisfy({ abs($0) <= 100_000 }) else {
                throw CommandFailure("--intrinsic \(entry)", "expected NAME=WIDTHxHEIGHT with NAME one of --views and sizes up to 100000")
            }
            engine.setIntrinsicContentSize(size, for: box)
        }

        var metrics: [String: Double] = [:]
        for entry in metric {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite, abs(value) <= 1e6 else {
                throw CommandFailure("--metric \(entry)", "expected NAME=VALUE with a finite VALUE in -1e6...1e6")
            }
            metrics[parts[0]] = value
        }

        guard option.count <= vfl.count else { throw CommandFailure("--option", "there are more --option than --vfl") }
        let formatViews = items.filter { $0.key != "superview" }
        for (i, format) in vfl.enumerated() {
            let options = try i < option.count ? Self.parseOptions(option[i]) : []
            do {
                engine.activate(try engine.constraints(withVisualFormat: format, options: options, metrics: metrics,
                                                       views: formatViews))
            } catch {
                throw CommandFailure(error.description)
            }
        }
        for text in constraint {
            do {
                engine.activate([try engine.constraint(parsing: text, items: items)])
            } catch {
                throw CommandFailure(error.description)
            }
        }

        let frames = boxes.map { (name: $0.layoutName, frame: engine.frame(of: $0)) }
        if let bad = frames.first(where: { f in ![f.frame.x, f.frame.y, f.frame.width, f.frame.height].allSatisfy(\.isFinite) }) {
            throw CommandFailure("layout", "the frame of \(bad.name) overflows; check the multipliers and constants")
        }
        // The picture is written first, so a failure prints no frames.
        if let png {
            let picture = try LayoutPicture.draw(size: rootSize, frames: frames)
            do { try PNG.write(picture, to: png) } catch { throw CommandFailure("\(error)") }
        }
        for (name, f) in frames {
            print(String(format: "%@ %g %g %g %g", name, f.x, f.y, f.width, f.height))
        }
    }

    static func parseSize(_ text: String) -> Size? {
        let parts = text.split(separator: "x", maxSplits: 1)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else { return nil }
        return Size(w, h)
    }

    static func parseOptions(_ text: String) throws -> FormatOptions {
        var options: FormatOptions = []
        for name in text.split(separator: "|").map({ $0.trimmingCharacters(in: .whitespaces) }) where name != "none" {
            guard let option = FormatOptions(name: name) else {
                throw CommandFailure("--option \(name)", "unknown format option; use e.g. alignAllTop, alignAllCenterY, directionLeftToRight")
            }
            options.insert(option)
        }
        return options
    }
}
