/// The heights UIFont reports from the `OS/2` table (x-height and cap height), in font units,
/// and the face's weight class. Older `OS/2` versions (0 and 1) and fonts without the table have
/// no heights; then the heights are measured from the outlines of 'x' and 'H'.
struct OS2Table {
    let xHeight: Int?
    let capHeight: Int?
    /// `usWeightClass` (400 regular, 700 bold), in every version of the table; nil without one.
    let weightClass: Int?

    init(_ tables: TableDirectory) throws {
        let os2 = tables["OS/2"]
        weightClass = try os2.flatMap { $0.count >= 6 ? Int(try $0.u16(4)) : nil }
        guard let os2, os2.count >= 2, try os2.u16(0) >= 2 else {
            xHeight = nil
            capHeight = nil
            return
        }
        try os2.require(86, 4, "sxHeight and sCapHeight of a version 2+ table")
        xHeight = Int(try os2.i16(86))
        capHeight = Int(try os2.i16(88))
    }
}
