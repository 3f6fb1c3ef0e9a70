import Codecs
import Foundation
import Raster
import Testing

/// JPEG decoding through libjpeg-turbo, within PNG's pixel budget.
@Suite struct JPEGTests {
    /// A 48 × 32 baseline JPEG (ImageMagick, quality 85): a red-to-blue vertical gradient with a
    /// white dot of radius 6 in the middle.
    static let sample = [UInt8](Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAUDBAQEAwUEBAQFBQUGBwwIBwcHBw8LCwkMEQ8SEhEPERETFhwXExQaFRERGCEYGh0dHx8fExciJCIeJBweHx7/2wBDAQUFBQcGBw4ICA4eFBEUHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh7/wAARCAAgADADASIAAhEBAxEB/8QAGQABAAMBAQAAAAAAAAAAAAAAAAIDBwUI/8QAJxAAAQIGAQQBBQAAAAAAAAAAAQACAwQFERIhBwYTMUEUM0JRYZH/xAAYAQADAQEAAAAAAAAAAAAAAAABBAcCBf/EACARAAICAgAHAAAAAAAAAAAAAAAVAWECEQMFBhITocH/2gAMAwEAAhEDEQA/AKckyULpdcpTRTHlk8kyWpcOcbSfUdOdXK46MZPuFkCBDdj3beXOPnG9xrdwd/np8rcV0unUGYrnToiwPijONKueXtLPZaTcgjybk6v49hXAtPU+EcTx7n4Y1kmShdLoqaGXllWSZKu6XVMU0R95Zt/BnIdIp1DHTlcmmyfZiOdKx4n0y1xuWk/aQSTc63+t9fl/kihQ+mZyi0Wfgz87OwzBc+A7KHDhu04lw0SRcAA+/wC+ebpdLzyCJz7/AEYb4b2WZJkq7pdMKaNvLP/Z")!)

    @Test func decodesToOpaqueRGBAOfTheHeadersSize() throws {
        let image = try JPEG.decode(Self.sample)
        #expect(image.width == 48 && image.height == 32)
        let centre = image[24, 16], top = image[2, 1], bottom = image[2, 30]
        #expect(centre.r > 240 && centre.g > 240 && centre.b > 240 && centre.a == 255)
        #expect(top.r > 200 && top.b < 100 && bottom.b > 180 && bottom.r < 100)
    }

    @Test func anImageOverThePixelBudgetIsRefusedFromItsHeader() {
        #expect(throws: CodecError.tooManyPixels(input: "big.jpg", width: 48, height: 32, limit: 1000)) {
            try JPEG.decode(Self.sample, name: "big.jpg", maxPixels: 1000)
        }
    }

    @Test func garbageIsAnErrorAndATruncatedFileDecodesAsFarAsItGoes() throws {
        #expect(throws: CodecError.self) { try JPEG.decode([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3], name: "bad.jpg") }
        let truncated = try JPEG.decode(Array(Self.sample.prefix(Self.sample.count * 2 / 3)))
        #expect(truncated.width == 48 && truncated[2, 1].r > 200)
    }

    @Test func imageFilesAreToldApartByTheirFirstBytes() throws {
        #expect(try ImageFile.decode(Self.sample, name: "x.png").width == 48)
        #expect(throws: CodecError.malformed(input: "x.gif", reason: "not a PNG or JPEG image")) {
            try ImageFile.decode(Array("GIF89a".utf8), name: "x.gif")
        }
    }
}
