import Codecs
import XCTest

final class PathNameTests: XCTestCase {
    func testFileNameIgnoresTrailingSlashes() {
        XCTAssertEqual(PathName.fileName(of: "a/b.gif/"), "b.gif")
        XCTAssertEqual(PathName.fileName(of: "b.gif"), "b.gif")
        XCTAssertEqual(PathName.fileName(of: "/"), "/")
        XCTAssertEqual(PathName.fileName(of: ""), "")
    }

    func testExtensionSkipsHiddenNamesAndTrailingDots() {
        XCTAssertEqual(PathName.fileExtension(of: "out/Like.GIF"), "GIF")
        XCTAssertEqual(PathName.fileExtension(of: "out.d/frames"), "")
        XCTAssertEqual(PathName.fileExtension(of: ".hidden"), "")
        XCTAssertEqual(PathName.fileExtension(of: "b."), "")
    }

    func testFolderKeepsRelativePathsRelative() {
        XCTAssertEqual(PathName.folder(of: "a/b/c.yaml"), "a/b")
        XCTAssertEqual(PathName.folder(of: "c.yaml"), "")
        XCTAssertEqual(PathName.folder(of: "/c.yaml"), "/")
        XCTAssertEqual(PathName.folder(of: "a//c.yaml"), "a")
    }

    /// Foundation's NSString path methods abort on these (found by fuzz-options).
    func testDoubleSlashThenNonASCIIDoesNotCrash() {
        XCTAssertEqual(PathName.fileName(of: "//\u{FFFD}"), "\u{FFFD}")
        XCTAssertEqual(PathName.fileExtension(of: "//\u{FFFD}"), "")
        XCTAssertEqual(PathName.folder(of: "//é/x.gif"), "//é")
    }
}
