/// A bounds-checked, big-endian view of part of a font file (one table, or a subtable in it).
///
/// Every read checks its range and throws `FontError.malformed` naming the table, so hostile
/// offsets and counts in a font become errors instead of out-of-range traps.
struct FontBytes {
    /// The whole file; views share it without copying.
    let file: [UInt8]
    /// Where this view starts in `file`.
    let start: Int
    /// How many bytes the view covers.
    let count: Int
    /// The table tag used in error messages.
    let table: String
    /// What part of the table the view is (say "glyph 6"), put before its error messages.
    let context: String

    /// A view of the whole file.
    init(file: [UInt8], table: String) {
        self.init(file: file, start: 0, count: file.count, table: table, context: "")
    }

    private init(file: [UInt8], start: Int, count: Int, table: String, context: String) {
        self.file = file
        self.start = start
        self.count = count
        self.table = table
        self.context = context
    }

    /// Throws unless `length` bytes at `offset` lie inside the view; `what` names them for the message.
    func require(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw malformed("\(what()) (\(length) bytes at offset \(offset)) runs past the end (\(count) bytes)")
        }
    }

    /// A view of `length` bytes at `offset`, optionally with its own table name or context for messages.
    func slice(_ offset: Int, _ length: Int, table: String? = nil, context: String? = nil,
               _ what: @autoclosure () -> String) throws -> FontBytes {
        try require(offset, length, what())
        return FontBytes(file: file, start: start + offset, count: length, table: table ?? self.table,
                         context: context ?? self.context)
    }

    /// The view from `offset` to its end, for subtables whose length is not stored.
    func suffix(from offset: Int, _ what: @autoclosure () -> String) throws -> FontBytes {
        guard offset >= 0, offset < count else {
            throw malformed("\(what()) starts at offset \(offset), past the end (\(count) bytes)")
        }
        return FontBytes(file: file, start: start + offset, count: count - offset, table: table, context: context)
    }

    func u8(_ offset: Int) throws -> UInt8 {
        try require(offset, 1, "a byte")
        return file[start + offset]
    }

    func i8(_ offset: Int) throws -> Int8 { Int8(bitPattern: try u8(offset)) }

    func u16(_ offset: Int) throws -> UInt16 {
        try require(offset, 2, "a 16-bit value")
        let i = start + offset
        return UInt16(file[i]) << 8 | UInt16(file[i + 1])
    }

    func i16(_ offset: Int) throws -> Int16 { Int16(bitPattern: try u16(offset)) }

    func u32(_ offset: Int) throws -> UInt32 {
        try require(offset, 4, "a 32-bit value")
        let i = start + offset
        return UInt32(file[i]) << 24 | UInt32(file[i + 1]) << 16 | UInt32(file[i + 2]) << 8 | UInt32(file[i + 3])
    }

    /// A 2.14 fixed-point number, as composite glyph scales are stored.
    func f2dot14(_ offset: Int) throws -> Double { Double(try i16(offset)) / 16384 }

    /// `n` consecutive u16 values starting at `offset`.
    func u16Array(_ offset: Int, _ n: Int, _ what: @autoclosure () -> String) throws -> [UInt16] {
        try require(offset, n * 2, what())
        return (0..<n).map { k in
            let i = start + offset + 2 * k
            return UInt16(file[i]) << 8 | UInt16(file[i + 1])
        }
    }

    /// An error about this view's table, prefixed with its context.
    func malformed(_ reason: String) -> FontError {
        .malformed(table: table, reason: context.isEmpty ? reason : "\(context): \(reason)")
    }
}
