import Geometry
import Raster
import SVG
import Testing

/// XML as files are written: DTD entities, namespace prefixes and encodings other than UTF-8.
@Suite struct XMLTests {
    private func rectPath(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path { Path(rect: Rect(x, y, w, h)) }

    private func parse(_ text: String) throws -> VectorImage { try VectorImage.parse(text: text, name: "t.svg") }

    @Test func internalEntitiesExpandInAttributesAndAsElements() throws {
        let image = try parse("""
            <!DOCTYPE svg [
              <!ENTITY ns "http://www.w3.org/2000/svg">
              <!ENTITY red "#ff0000">
              <!ENTITY two "2">
              <!ENTITY box '<rect width="&two;" height="1" fill="&red;"/>'>
              <!ENTITY % parameter "ignored">
            ]>
            <svg xmlns="&ns;" viewBox="0 0 4 4">&box;<g transform="translate(1 1)">&box;</g></svg>
            """)
        #expect(image.shapes.map(\.path) == [rectPath(0, 0, 2, 1), rectPath(1, 1, 2, 1)])
        #expect(image.shapes.allSatisfy { $0.fill == .solid(Color(hex: "#ff0000")!) })
    }

    @Test func characterReferencesInAnEntityValueAreMarkupWhereItIsUsed() throws {
        // XML 1.0 §4.5: `&#60;` becomes `<` when the entity is declared, so its use is an element.
        let image = try parse(#"<!DOCTYPE svg [<!ENTITY r "&#60;rect width='3' height='1'/>">]><svg viewBox="0 0 4 4">&r;</svg>"#)
        #expect(image.shapes.map(\.path) == [rectPath(0, 0, 3, 1)])
    }

    @Test func anEntityReferringToItselfIsAnErrorAtTheReference() {
        #expect(throws: SVGError(file: "t.svg", line: 2, column: 20, message: "entity '&a;' refers to itself")) {
            try parse("<!DOCTYPE svg [<!ENTITY a \"x&b;\"><!ENTITY b \"&a;\">]>\n<svg><text>a</text>&a;</svg>")
        }
    }

    @Test func theBillionLaughsAreRefusedWithoutExpandingThem() {
        var doctype = "<!ENTITY l0 \"lol\">"
        for level in 1...9 { doctype += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">" }
        let text = "<!DOCTYPE svg [\(doctype)]><svg><text>&l9;</text></svg>"
        #expect {
            try parse(text)
        } throws: { error in
            (error as? SVGError)?.message.hasPrefix("entities expand to more than 1 MiB") == true
        }
    }

    @Test func anUnknownEntityIsStillAnError() {
        #expect(throws: SVGError(file: "t.svg", line: 1, column: 30, message: "unknown entity '&nope;'")) {
            try parse(#"<svg><rect width="1" height="&nope;"/></svg>"#)
        }
    }

    @Test func svgElementsAreKnownByTheirNamespaceNotTheirPrefix() throws {
        let image = try parse("""
            <s:svg xmlns:s="http://www.w3.org/2000/svg" xmlns:o="urn:other" viewBox="0 0 4 4">
              <s:rect width="1" height="1"/>
              <o:rect width="4" height="4"/>
              <g xmlns="urn:other"><rect width="4" height="4"/></g>
              <s:g xmlns="http://www.w3.org/2000/svg"><rect width="2" height="2"/></s:g>
            </s:svg>
            """)
        #expect(image.shapes.map(\.path) == [rectPath(0, 0, 1, 1), rectPath(0, 0, 2, 2)])
    }

    @Test func xlinkIsKnownByItsNamespaceNotItsPrefix() throws {
        let image = try parse("""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xl="http://www.w3.org/1999/xlink" xmlns:xlink="urn:not-xlink"
                 viewBox="0 0 4 4">
              <rect id="r" width="1" height="1"/>
              <use xl:href="#r" x="2"/>
              <use xlink:href="#r" y="2"/>
            </svg>
            """)
        #expect(image.shapes.map(\.path) == [rectPath(0, 0, 1, 1), rectPath(2, 0, 1, 1)])
    }

    private let document = #"<?xml version="1.0" encoding="ENCODING"?><svg viewBox="0 0 4 4"><text id="é">é</text><rect width="1" height="1"/></svg>"#

    @Test(arguments: [true, false])
    func utf16IsReadInEitherByteOrder(bigEndian: Bool) throws {
        let text = document.replacingOccurrences(of: "ENCODING", with: "UTF-16")
        let units = Array(text.utf16)
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in units { bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try VectorImage.parse(data: bytes, name: "t.svg") == parse(text))
    }

    @Test func latin1BytesAreTheirCodePoints() throws {
        let latin1 = Array(document.replacingOccurrences(of: "ENCODING", with: "ISO-8859-1").unicodeScalars.map { UInt8($0.value) })
        let utf8 = document.replacingOccurrences(of: "ENCODING", with: "UTF-8")
        #expect(latin1.contains(0xE9) && !latin1.contains(0xC3))
        #expect(try VectorImage.parse(data: latin1, name: "t.svg") == parse(utf8))
    }

    @Test func anUnknownEncodingOrInvalidBytesAreErrorsNamingTheFile() {
        let ebcdic = Array(document.replacingOccurrences(of: "ENCODING", with: "EBCDIC").utf8)
        #expect(throws: SVGError(file: "t.svg", line: 0, column: 0,
                                 message: "the file's encoding 'ebcdic' is not read (UTF-8, UTF-16, ISO-8859-1, windows-1252 and US-ASCII are)")) {
            try VectorImage.parse(data: ebcdic, name: "t.svg")
        }
        #expect(throws: SVGError(file: "t.svg", line: 0, column: 0, message: "the file is not UTF-8 text")) {
            try VectorImage.parse(data: Array("<svg>".utf8) + [0xE9] + Array("</svg>".utf8), name: "t.svg")
        }
    }
}
