@testable import Codecs
import Foundation
import GoldenTesting
import Testing

/// A folder output is built beside its target and swapped in whole, or leaves the target as it was.
@Suite struct AtomicFolderTests {
    private let frames: (String) -> Bool = { $0.hasPrefix("frame-") }

    private func names(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func commitReplacesTheOldFolderWhole() throws {
        let scratch = try scratchFolder("atomic-folder")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch + "/out", withIntermediateDirectories: false)
        FileManager.default.createFile(atPath: scratch + "/out/frame-1", contents: Data("old".utf8))
        let folder = try AtomicFolder(path: scratch + "/out", replaceable: frames)
        FileManager.default.createFile(atPath: folder.temporaryPath + "/frame-2", contents: Data("new".utf8))
        #expect(try names(scratch + "/out") == ["frame-1"])
        try folder.commit()
        #expect(try names(scratch + "/out") == ["frame-2"])
        #expect(try names(scratch) == ["out"])
    }

    @Test func abortLeavesTheTargetAsItWas() throws {
        let scratch = try scratchFolder("atomic-folder-abort")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch + "/out", withIntermediateDirectories: false)
        FileManager.default.createFile(atPath: scratch + "/out/frame-1", contents: Data("old".utf8))
        do {
            let folder = try AtomicFolder(path: scratch + "/out", replaceable: frames)
            FileManager.default.createFile(atPath: folder.temporaryPath + "/frame-2", contents: Data("new".utf8))
            folder.abort()
        }
        do {
            // Dropped without commit (a thrown error): the same.
            let folder = try AtomicFolder(path: scratch + "/new", replaceable: frames)
            FileManager.default.createFile(atPath: folder.temporaryPath + "/frame-2", contents: Data("new".utf8))
        }
        #expect(try names(scratch) == ["out"])
        #expect(try names(scratch + "/out") == ["frame-1"])
    }

    @Test func aTargetHoldingOtherFilesOrAFileIsRefused() throws {
        let scratch = try scratchFolder("atomic-folder-foreign")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch + "/out", withIntermediateDirectories: false)
        FileManager.default.createFile(atPath: scratch + "/out/thesis.tex", contents: Data())
        FileManager.default.createFile(atPath: scratch + "/file", contents: Data())
        #expect(throws: CodecError.self) { try AtomicFolder(path: scratch + "/out", replaceable: frames) }
        #expect(throws: CodecError.self) { try AtomicFolder(path: scratch + "/file", replaceable: frames) }
        #expect(try names(scratch) == ["file", "out"])
    }

    @Test func temporaryNamesFitInNameMax() {
        let long = String(repeating: "ü", count: 127) + "x"  // 255 bytes
        let temporary = TemporaryName.beside("/tmp/" + long, kind: "partial")
        let name = URL(fileURLWithPath: temporary).lastPathComponent
        #expect(name.utf8.count <= 255)
        #expect(name.hasPrefix(".üü") && name.hasSuffix(".partial"))
        #expect(TemporaryName.beside("/tmp/a.gif", kind: "partial") != TemporaryName.beside("/tmp/a.gif", kind: "partial"))
    }
}
