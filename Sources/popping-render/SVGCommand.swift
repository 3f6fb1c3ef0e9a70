import ArgumentParser
import Codecs
import Foundation
import Geometry
import Raster
import SVG

/// `popping-render svg icon.svg --out icon.png --scale 2`: renders one SVG file as a browser
/// shows it at that size, the viewBox fitted into the output by the root's
/// `preserveAspectRatio`, on a transparent background unless one is given.
/// `popping-render svg A.svg B.svg icons/ --out-dir png/`: many files in one process, in
/// parallel (see `SVGBatch`).
struct SVGCommand: ParsableCommand {
    /// The subcommand's name, which `PoppingRender.parseQuickly` looks for before any other.
    static let name = "svg"

    static let configuration = CommandConfiguration(
        commandName: name,
        abstract: "Renders SVG files to PNGs.",
        discussion: """
            The output is the file's own size (its width and height, or its viewBox) times \
            --scale, or exactly --size. Invalid values in the file are ignored with a warning \
            (file:line:column: warning: …) on stderr, as browsers ignore them; malformed XML is \
            an error (file:line:column: error: …, exit status 2, nothing written). With --out-dir, \
            every file given and every .svg beneath every folder given is converted in one process \
            on every core, each to DIR/NAME.png (a folder's subfolders kept); a file that fails \
            gets one line on stderr and the others are still converted (exit status 2 if any failed). \
            Text is drawn with the machine's fonts as fontconfig finds them (generic families and \
            aliases as Chromium resolves them on Linux), then the bundled faces; --font-dir adds \
            folders of fonts, and --no-system-fonts leaves only the bundled and given ones, so the \
            output is the same on every machine (as scene files and check always draw).
            """)

    @Argument(help: "The SVG file to render; with --out-dir, any number of files and folders.")
    var files: [String] = []

    @Option(name: [.customLong("out"), .customShort("o")], help: "The PNG to write (one input file).")
    var out: String?

    @Option(name: .customLong("out-dir"), help: ArgumentHelp("The folder to write one PNG per input into.", valueName: "DIR"))
    var outDir: String?

    @Option(help: "Output size in pixels, WxH (the viewBox is fitted by preserveAspectRatio).")
    var size: String?

    @Option(help: "Multiplies the file's own size (default 1).")
    var scale: Double?

    @Option(help: "Background colour, any CSS colour (default: transparent).")
    var background: String?

    @Option(name: .customLong("font-dir"), parsing: .singleValue,
            help: ArgumentHelp("Also draw text with the fonts in DIR and its subfolders (repeatable).", valueName: "DIR"))
    var fontDirs: [String] = []

    @Flag(name: .customLong("no-system-fonts"), help: "Use only the bundled fonts and those of --font-dir, not the machine's.")
    var noSystemFonts = false

    @OptionGroup var read: ReadArguments

    /// The conversion the options ask for.
    var conversion: SVGConversion {
        SVGConversion(files: files, out: out, outDir: outDir, size: size, scale: scale, background: background,
                      fontDirs: fontDirs, noSystemFonts: noSystemFonts)
    }

    func validate() throws { try conversion.validate() }

    func run() throws { try conversion.run() }
}

/// What `svg` converts, where to and how, as its options give it: checked, then run, by the
/// command ArgumentParser parses and by the quick path alike.
struct SVGConversion: Decodable {
    var files: [String] = []
    var out: String?
    var outDir: String?
    var size: String?
    var scale: Double?
    var background: String?
    var fontDirs: [String] = []
    var noSystemFonts = false

    /// The largest output: 16384 pixels a side and 64 megapixels in all.
    static let maximumSide = 16384, maximumArea = 64 << 20

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give the SVG file to render") }
        switch (out, outDir) {
        case (nil, nil): throw ValidationError("give --out FILE.png, or --out-dir DIR for several files")
        case (_?, _?): throw ValidationError("give --out or --out-dir, not both")
        case (_?, nil) where files.count > 1: throw ValidationError("--out takes one input file; give --out-dir DIR for \(files.count)")
        default: break
        }
        if size != nil, scale != nil { throw ValidationError("give --size or --scale, not both") }
        if let scale, !(scale > 0 && scale <= 100) { throw ValidationError("--scale must be in 0...100") }
        if let size, parsedSize(size) == nil { throw ValidationError("--size '\(size)' is not WxH with whole numbers") }
        if let background, Color(css: background) == nil {
            throw ValidationError("--background '\(background)' is not a CSS colour")
        }
    }

    func run() throws {
        let fonts: FontSources
        do { fonts = try FontSources(system: !noSystemFonts, folders: fontDirs) } catch { throw CommandFailure("\(error)") }
        if let outDir {
            try SVGBatch(conversion: self, folder: outDir, fonts: fonts).run()
            return
        }
        guard let file = files.first, let out else { return }
        let (pixmap, warnings) = try render(file, fonts: fonts)
        for warning in warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
        do { try PNG.write(pixmap, to: out) } catch { throw CommandFailure("\(error)") }
    }

    /// One file rendered at the size the options give, its text drawn with `fonts`, with its
    /// warnings; a failure is one line naming the file (or the option).
    func render(_ file: String, fonts: FontSources) throws -> (Pixmap, [SVGError]) {
        let image: VectorImage
        do {
            image = try VectorImage.load(path: file, fonts: fonts)
        } catch let error as SVGError where error.line > 0 {
            // Malformed XML, printed as compilers print errors so editors can jump to it.
            throw CommandFailure(lines: ["\(error.file):\(error.line):\(error.column): error: \(error.message)"])
        } catch {
            throw CommandFailure("\(error)")
        }
        let width: Int, height: Int
        if let size, let (w, h) = parsedSize(size) {
            (width, height) = (w, h)
        } else {
            let s = scale ?? 1
            let w = (image.size.width * s).rounded(), h = (image.size.height * s).rounded()
            guard w.isFinite, h.isFinite, w <= Double(Self.maximumSide), h <= Double(Self.maximumSide) else {
                let shown = [w, h].map { $0.isFinite && $0 < 1e15 ? String(Int($0)) : "\($0)" }
                throw CommandFailure(file, "the image would be \(shown[0])×\(shown[1]) pixels; the limit is \(Self.maximumSide) a side (use --size)")
            }
            (width, height) = (max(1, Int(w)), max(1, Int(h)))
        }
        guard width <= Self.maximumSide, height <= Self.maximumSide, width * height <= Self.maximumArea else {
            throw CommandFailure("--size", "\(width)×\(height) pixels is over the limit of \(Self.maximumSide) a side and 64 megapixels")
        }
        let pixmap = image.rendered(width: width, height: height, background: background.flatMap(Color.init(css:)) ?? .clear,
                                    hairlines: true)
        return (pixmap, image.warnings)
    }

    /// `WxH` with positive whole numbers.
    private func parsedSize(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        return (w, h)
    }
}

extension SVGCommand {
    /// The plain form, `FILE --out PNG` with `--size`, `--scale` and `--background` (each at most
    /// once, as `--name value`), read without ArgumentParser; `nil` for anything else, which
    /// ArgumentParser then parses with its own messages and help. A result here is the conversion
    /// ArgumentParser's parse of the same arguments asks for (CLITests checks the two agree), with
    /// no option's definition built: making an SVGCommand builds every one (a tenth of a small
    /// icon's conversion in a process of its own).
    static func parsedQuickly(_ arguments: [String]) -> QuickSVGCommand? {
        var conversion = SVGConversion()
        var file: String?, out: String?, size: String?, scale: Double?, background: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                guard file == nil else { return nil }
                file = argument
                continue
            }
            guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
            switch argument {
            case "--out" where out == nil, "-o" where out == nil: out = value
            case "--size" where size == nil: size = value
            case "--scale" where scale == nil: guard let v = Double(value) else { return nil }; scale = v
            case "--background" where background == nil: background = value
            default: return nil
            }
        }
        guard let file, let out else { return nil }
        (conversion.files, conversion.out, conversion.size, conversion.scale, conversion.background) =
            ([file], out, size, scale, background)
        guard (try? conversion.validate()) != nil else { return nil }
        return QuickSVGCommand(conversion: conversion)
    }
}

/// `svg` in the plain form `SVGCommand.parsedQuickly` reads: the conversion alone (`--allow-read`,
/// `--font-dir` and `--no-system-fonts` not given). Never parsed: it has no options.
struct QuickSVGCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: SVGCommand.name)
    var conversion = SVGConversion()

    func run() throws { try conversion.run() }
}
