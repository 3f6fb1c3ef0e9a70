"""Writes small PNGs of every colour type, bit depth and interlacing for the PNG reader tests.

Each image is 5x3 and encodes the same straight-RGBA picture: pixel (x, y) has
R = 40*x, G = 100*y, B = 200, A = 255 except (4, 2), which is transparent (A = 0) where the type has alpha.
Only the standard library is used, so `python3 make_fixtures.py` works anywhere.
"""
import struct
import zlib

W, H = 5, 3


def rgba(x, y):
    return (40 * x, 100 * y, 200, 0 if (x, y) == (4, 2) else 255)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(color_type, depth, rows_for, interlace=0, extra=b""):
    ihdr = struct.pack(">IIBBBBB", W, H, depth, color_type, 0, 0, interlace)
    raw = b""
    if interlace:
        passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        for x0, y0, dx, dy in passes:
            xs = list(range(x0, W, dx))
            if not xs:
                continue
            for y in range(y0, H, dy):
                raw += b"\0" + rows_for(xs, y)
    else:
        for y in range(H):
            raw += b"\0" + rows_for(list(range(W)), y)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def gray_of(x, y):
    r, g, b, _ = rgba(x, y)
    return r  # grey fixtures use R as the grey level


def pack_bits(values, depth):
    out, acc, n = bytearray(), 0, 0
    for v in values:
        acc = (acc << depth) | v
        n += depth
        if n == 8:
            out.append(acc)
            acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


fixtures = {
    "rgba8.png": png(6, 8, lambda xs, y: b"".join(bytes(rgba(x, y)) for x in xs)),
    "rgba8-interlaced.png": png(6, 8, lambda xs, y: b"".join(bytes(rgba(x, y)) for x in xs), interlace=1),
    "rgb8.png": png(2, 8, lambda xs, y: b"".join(bytes(rgba(x, y)[:3]) for x in xs)),
    "rgba16.png": png(6, 16, lambda xs, y: b"".join(struct.pack(">HHHH", *(c * 257 for c in rgba(x, y))) for x in xs)),
    "gray8.png": png(0, 8, lambda xs, y: bytes(gray_of(x, y) for x in xs)),
    "gray-alpha8.png": png(4, 8, lambda xs, y: b"".join(bytes((gray_of(x, y), rgba(x, y)[3])) for x in xs)),
    "gray2.png": png(0, 2, lambda xs, y: pack_bits([x % 4 for x in xs], 2)),
}

palette = [rgba(x, y)[:3] for y in range(H) for x in range(W)]
trns = bytes(rgba(x, y)[3] for y in range(H) for x in range(W))
fixtures["palette4-trns.png"] = png(
    3, 4, lambda xs, y: pack_bits([y * W + x for x in xs], 4),
    extra=chunk(b"PLTE", b"".join(bytes(c) for c in palette)) + chunk(b"tRNS", trns))

for name, data in fixtures.items():
    with open(name, "wb") as f:
        f.write(data)
