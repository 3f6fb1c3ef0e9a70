/// The heights UIFont reports from the `OS/2` table (x-height and cap height), in font units.
/// Older `OS/2` versions (0 and 1) and fonts without the table have neither; then the heights
/// are measured from the outlines of 'x' and 'H'.
struct OS2Table {
    let xHeight: Int?
    let capHeight: Int?

    init(_ tables: TableDirectory) throws {
        guard let os2 = tables["OS/2"], os2.count >= 2, try os2.u16(0) >= 2 else {
            xHeight = nil
            capHeight = nil
            return
        }
        try os2.require(86, 4, "sxHeight and sCapHeight of a version 2+ table")
        xHeight = Int(try os2.i16(86))
        capHeight = Int(try os2.i16(88))
    }
}
