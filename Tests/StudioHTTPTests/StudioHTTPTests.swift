import Foundation
import StudioHTTP
import Testing

@Suite struct HTTPRequestTests {
    func refusal(_ line: String) -> Int? {
        if case let .failure(refusal) = HTTPRequest.parse(line + "\r\nHost: 127.0.0.1") { return refusal.status }
        return nil
    }

    @Test func aRequestLineGivesItsMethodDecodedPathAndQuery() throws {
        let request = try HTTPRequest.parse("GET /files/art/my%20heart.svg?render=a-1&n=72&q=a+b HTTP/1.1\r\nHost: x").get()
        #expect(request == HTTPRequest(method: "GET", path: "/files/art/my heart.svg", query: ["render": "a-1", "n": "72", "q": "a b"]))
    }

    @Test(arguments: ["GET /../etc/passwd HTTP/1.1", "GET /files/%2e%2e/%2E%2E/etc/passwd HTTP/1.1",
                      "GET /files/art/./heart.svg HTTP/1.1", "GET /files/a%00b HTTP/1.1", "GET /files/..%5cetc HTTP/1.1"])
    func dotSegmentsNulAndBackslashAreRefusedEvenWhenPercentEncoded(line: String) {
        #expect(refusal(line) == 403)
    }

    @Test(arguments: [("DELETE / HTTP/1.1", 405), ("GET etc/passwd HTTP/1.1", 400), ("GET / SPDY/3", 400),
                      ("GET /%zz HTTP/1.1", 400), ("GET  / HTTP/1.1 extra", 400), ("", 400)])
    func malformedRequestLinesAreRefusedWithTheirStatus(line: String, status: Int) {
        #expect(refusal(line) == status)
    }

    @Test func theHeadEndsAtTheBlankLineAndIsRefusedPast16KiB() {
        #expect(HTTPRequest.head(in: Array("GET / HTTP/1.1\r\nHost: x\r\n\r\nbody".utf8)).head == "GET / HTTP/1.1\r\nHost: x")
        let unfinished = HTTPRequest.head(in: Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8))
        #expect(unfinished.head == nil && !unfinished.tooLong)
        let long = HTTPRequest.head(in: Array(repeating: UInt8(ascii: "a"), count: HTTPRequest.maxHead + 1))
        #expect(long.head == nil && long.tooLong)
    }
}

@Suite struct ServedFilesTests {
    let served = ServedFiles(used: ["/scenes/like.yaml", "/scenes/art/heart.svg"])
    /// Paths as the server resolves them from the folder /scenes, without a file system.
    func resolve(_ path: String) -> String? {
        let full = path.hasPrefix("/") ? path : "/scenes/" + path
        return ["/scenes/like.yaml", "/scenes/art/heart.svg", "/scenes/notes.txt", "/scenes/art", "/etc/passwd"].contains(full) ? full : nil
    }

    @Test func onlyTheFilesTheSceneUsesAreServedRelativeOrAbsolute() {
        #expect(served.file(for: "/files/like.yaml", resolve: resolve) == "/scenes/like.yaml")
        #expect(served.file(for: "/files//scenes/art/heart.svg", resolve: resolve) == "/scenes/art/heart.svg")
        for refused in ["/files/notes.txt", "/files//etc/passwd", "/files/art", "/files/", "/files/art/nothing.svg", "/like.yaml"] {
            #expect(served.file(for: refused, resolve: resolve) == nil, "\(refused) was served")
        }
    }

    @Test func aLinkIsServedOnlyWhenItLeadsToAUsedFile() throws {
        let folder = NSTemporaryDirectory() + "served-files-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("a".utf8).write(to: URL(fileURLWithPath: folder + "/scene.yaml"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/to-scene", withDestinationPath: folder + "/scene.yaml")
        try FileManager.default.createSymbolicLink(atPath: folder + "/to-passwd", withDestinationPath: "/etc/passwd")
        let served = ServedFiles(used: [ServedFiles.realPath(folder + "/scene.yaml")!])
        #expect(served.file(for: "/files/" + folder + "/to-scene") == ServedFiles.realPath(folder + "/scene.yaml"))
        #expect(served.file(for: "/files/" + folder + "/to-passwd") == nil)
    }
}
