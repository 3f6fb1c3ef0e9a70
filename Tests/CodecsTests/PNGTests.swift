import Codecs
import CLibPNG
import Foundation
import GoldenTesting
import Raster
import Testing

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures"

/// The straight RGBA the fixtures encode (see Fixtures/make_fixtures.py).
private func fixturePixel(_ x: Int, _ y: Int) -> [UInt8] {
    [UInt8(40 * x), UInt8(100 * y), 200, (x, y) == (4, 2) ? 0 : 255]
}

private func straight(_ p: Pixmap, _ x: Int, _ y: Int) -> [UInt8] {
    let s = p.straightRGBA()
    let i = (y * p.width + x) * 4
    return Array(s[i..<i + 4])
}

@Suite struct PNGReadingTests {
    @Test(arguments: ["rgba8.png", "rgba8-interlaced.png", "rgba16.png"])
    func colourImagesWithAlphaDecodeToTheSamePixels(file: String) throws {
        let p = try PNG.read(path: "\(fixtures)/\(file)")
        #expect(p.width == 5 && p.height == 3)
        for y in 0..<3 { for x in 0..<4 { #expect(straight(p, x, y) == fixturePixel(x, y)) } }
        #expect(p[4, 2].a == 0)
    }

    @Test func paletteWithTransparencyExpandsToRGBA() throws {
        let p = try PNG.read(path: "\(fixtures)/palette4-trns.png")
        #expect(straight(p, 1, 1) == fixturePixel(1, 1))
        #expect(p[4, 2] == (0, 0, 0, 0))
    }

    @Test func rgbWithoutAlphaIsOpaque() throws {
        let p = try PNG.read(path: "\(fixtures)/rgb8.png")
        #expect(straight(p, 3, 2) == [120, 200, 200, 255])
        #expect(p[4, 2].a == 255)
    }

    @Test func greyLevelsBecomeEqualChannels() throws {
        #expect(try straight(PNG.read(path: "\(fixtures)/gray8.png"), 2, 0) == [80, 80, 80, 255])
        #expect(try straight(PNG.read(path: "\(fixtures)/gray-alpha8.png"), 3, 1) == [120, 120, 120, 255])
        // 2-bit grey level 3 scales to 255, level 1 to 85.
        let two = try PNG.read(path: "\(fixtures)/gray2.png")
        #expect(straight(two, 3, 0) == [255, 255, 255, 255])
        #expect(straight(two, 1, 0) == [85, 85, 85, 255])
    }

    @Test func missingFileNamesThePath() {
        #expect(throws: CodecError.unreadable(path: "/nonexistent/x.png", reason: "no such file")) {
            try PNG.read(path: "/nonexistent/x.png")
        }
    }

    @Test func notAPNGIsAnErrorNamingTheInput() {
        do {
            _ = try PNG.decode(Array("GIF89a".utf8), name: "frames/0001.png")
            Issue.record("decoding a GIF header succeeded")
        } catch {
            #expect("\(error)".hasPrefix("frames/0001.png: not a valid PNG"))
        }
    }
}

@Suite struct PNGWritingTests {
    private func gradient() -> Pixmap {
        var rgba = [UInt8]()
        for y in 0..<37 { for x in 0..<53 { rgba += [UInt8(x * 4), UInt8(y * 6), UInt8((x ^ y) & 255), UInt8(255 - x)] } }
        return Pixmap(width: 53, height: 37, straight: rgba)
    }

    /// Flat colour with long runs of every length around deflate's longest match (258), a few
    /// translucent and transparent pixels, and rows that differ from the one above.
    private func flatFrame() -> Pixmap {
        var rgba = [UInt8]()
        for y in 0..<23 {
            for x in 0..<700 {
                let edge = x == 64 + y * 3 || x == 129 + 2 * y || x == 258 + y || x == 259 * 2 + y % 3
                rgba += edge ? [UInt8(y * 11), 40, 200, y % 4 == 0 ? 0 : UInt8(255 - y)] : [250, 250, 252, 255]
            }
        }
        return Pixmap(width: 700, height: 23, straight: rgba)
    }

    @Test(arguments: [PNG.Compression.fast, .quick, .frames, .small, .init(level: 0, adaptiveFilters: false),
                      .init(level: 4, adaptiveFilters: false)])
    func flatFrameEncodesThenDecodesToTheSamePixels(compression: PNG.Compression) throws {
        let p = flatFrame()
        #expect(try PNG.decode(PNG.encode(p, compression: compression)) == p)
    }

    @Test(arguments: [PNG.Compression.fast, .quick, .frames, .small, .init(level: 0, adaptiveFilters: false),
                      .init(level: 4, adaptiveFilters: false)])
    func encodeThenDecodeGivesTheSamePixels(compression: PNG.Compression) throws {
        let p = gradient()
        #expect(try PNG.decode(PNG.encode(p, compression: compression)) == p)
    }

    @Test func sameImageGivesTheSameBytes() throws {
        #expect(try PNG.encode(gradient()) == PNG.encode(gradient()))
    }

    @Test func writeLeavesNoTemporaryFileBehind() throws {
        let folder = try scratchFolder("png-write")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PNG.write(gradient(), to: folder + "/a.png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.png"])
    }

    @Test(arguments: [1, 2]) func filesWithoutAdaptiveFiltersAreReadByLibpngToo(level: Int32) throws {
        let bytes = try PNG.encode(gradient(), compression: .init(level: level, adaptiveFilters: false))
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer {
            pr_png_decode($0.baseAddress, $0.count, UInt64(PNG.defaultMaxPixels), &pixels, &width, &height, &message, message.count)
        }
        #expect(status == 0 && width == 53 && height == 37)
        defer { pr_png_free(pixels) }
        let rgba = Array(UnsafeBufferPointer(start: pixels, count: 53 * 37 * 4))
        #expect(Pixmap(width: 53, height: 37, straight: rgba) == gradient())
    }

    @Test func fileWriterWritesEveryFrameOnWorkerThreads() throws {
        let folder = try scratchFolder("png-writer")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = PNGFileWriter()
        let frames = (0..<20).map { i in Pixmap(width: 3, height: 2, premultiplied: [UInt8](repeating: UInt8(i * 12), count: 24)) }
        for (i, frame) in frames.enumerated() { try writer.write(frame, to: "\(folder)/\(i).png") }
        try writer.finish()
        for (i, frame) in frames.enumerated() { #expect(try PNG.read(path: "\(folder)/\(i).png") == frame) }
    }

    @Test func fileWriterThrowsTheFirstFailureByFinish() {
        let writer = PNGFileWriter()
        #expect(throws: CodecError.unwritable(path: "/nonexistent-dir/a.png", reason: "folder /nonexistent-dir does not exist")) {
            try writer.write(gradient(), to: "/nonexistent-dir/a.png")
            try writer.finish()
        }
    }

    @Test func unwritableFolderIsAnErrorAndWritesNothing() {
        #expect(throws: CodecError.unwritable(path: "/nonexistent-dir/a.png", reason: "folder /nonexistent-dir does not exist")) {
            try PNG.write(gradient(), to: "/nonexistent-dir/a.png")
        }
    }
}

@Suite struct PNGFuzzTests {
    @Test func mutatedAndTruncatedFilesThrowOrDecodeButNeverCrash() throws {
        var rng = SeededGenerator(seed: 42)
        let seeds = try ["rgba8.png", "rgba8-interlaced.png", "palette4-trns.png", "gray2.png", "rgba16.png"].map {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/\($0)")))
        }
        var failures = 0
        for round in 0..<3000 {
            var bytes = seeds[round % seeds.count]
            switch round % 3 {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)))
            case 1:
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            default:
                // Corrupt the IHDR dimensions and fix nothing else: libpng must reject the CRC or the size.
                let i = Int.random(in: 16..<24, using: &rng)
                bytes[i] = 0xFF
            }
            do {
                let p = try PNG.decode(bytes, name: "fuzz")
                #expect(p.data.count == p.width * p.height * 4)
            } catch CodecError.tooManyPixels {
                failures += 1
            } catch {
                failures += 1
                #expect("\(error)".hasPrefix("fuzz: not a valid PNG: "))
            }
        }
        #expect(failures > 1000)
    }
}

/// A PNG's header is checked against a pixel budget and against what its bytes can hold before
/// any pixel memory is allocated, so a few bytes cannot make the decoder allocate gigabytes.
@Suite struct PNGBudgetTests {
    @Test func anImageOverTheBudgetIsRefusedNamingItsSize() {
        #expect(throws: CodecError.tooManyPixels(input: "big", width: 8193, height: 4096, limit: PNG.defaultMaxPixels)) {
            try PNG.decode(pngDeclaring(width: 8193, height: 4096), name: "big")
        }
        #expect(throws: CodecError.tooManyPixels(input: "x", width: 10, height: 10, limit: 99)) {
            try PNG.decode(pngDeclaring(width: 10, height: 10), name: "x", maxPixels: 99)
        }
    }

    @Test(arguments: [(UInt8(6), UInt8(8)), (2, 8), (3, 1), (0, 1), (0, 16), (4, 8)])
    func aHeaderDeclaringMoreThanItsBytesCanHoldIsRefused(colourType: UInt8, bitDepth: UInt8) {
        let bomb = pngDeclaring(width: 5000, height: 5000, colourType: colourType, bitDepth: bitDepth)
        #expect {
            try PNG.decode(bomb, name: "bomb")
        } throws: { error in
            "\(error)".hasPrefix("bomb: not a valid PNG: declares 5000×5000 pixels but holds only")
        }
    }

    /// Fuzz/run.sh png's finding: a 129-byte file whose sPLT chunk declares 838,860,800 bytes made
    /// libpng allocate them before finding the file short (its chunk limit does not cover sPLT).
    @Test func aChunkDeclaringMoreBytesThanTheFileHoldsIsRefusedBeforeLibpngAllocatesIt() throws {
        let finding = try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAUAAAADBAMAAACpGNjLMgAAAHNQTFRFAADIpKSkpKSkpKSk"
            + "pKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSkpKSk//9g"))
        #expect(throws: CodecError.malformed(input: "splt", reason: "not a valid PNG: a chunk is longer than the file")) {
            try PNG.decode([UInt8](finding), name: "splt")
        }
    }

    @Test func sizesBeyondPNGsRangeAreRefused() {
        #expect(throws: CodecError.self) { try PNG.decode(pngDeclaring(width: .max, height: .max)) }
        #expect(throws: CodecError.self) { try PNG.decode(pngDeclaring(width: 1 << 31, height: 1)) }
    }

    @Test func aFileTooLargeForTheBudgetIsNotRead() throws {
        let folder = try scratchFolder("png-budget")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.png"
        FileManager.default.createFile(atPath: path, contents: Data(count: 2 << 20))
        #expect(throws: CodecError.unreadable(path: path, reason: "is 2097152 bytes, more than a PNG of 100 pixels can be")) {
            try PNG.read(path: path, maxPixels: 100)
        }
        #expect(throws: CodecError.unreadable(path: folder, reason: "is a directory")) { try PNG.read(path: folder) }
    }
}
