# Gradient test animation for bench/outputs.sh: a diagonal two-colour gradient, a soft radial glow
# and a white card with a soft shadow sliding across, written as 8-bit RGB PNGs with frames.json.
# Pure standard library (zlib). usage: gradient_frames.py OUT_DIR WIDTH HEIGHT FRAMES
import struct, zlib, sys, os, math
W, H, N = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
out = sys.argv[1]; os.makedirs(out, exist_ok=True)
def png(path, rows):
    raw = b''.join(b'\0' + r for r in rows)
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    open(path, 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 8, 2, 0, 0, 0))
                           + chunk(b'IDAT', zlib.compress(raw, 6)) + chunk(b'IEND', b''))
bg = []
for y in range(H):
    row = bytearray()
    for x in range(W):
        t = (x / W * 0.6 + y / H * 0.4)
        g = math.exp(-((x - W * 0.7) ** 2 + (y - H * 0.3) ** 2) / (2 * (W * 0.18) ** 2))
        r = 30 + 200 * t + 25 * g; gg = 60 + 80 * t + 60 * g; b = 140 - 60 * t + 40 * g
        row += bytes((min(255, int(r + 0.5)), min(255, int(gg + 0.5)), min(255, int(b + 0.5))))
    bg.append(row)
cw, ch = W // 3, H // 3
for f in range(N):
    cx = int(W * 0.1 + (W * 0.8 - cw) * f / max(1, N - 1)); cy = H // 3
    rows = []
    for y in range(H):
        row = bytearray(bg[y])
        for x in range(max(0, cx - 24), min(W, cx + cw + 24)):
            # Shadow: distance outside the card offset by (0, 8), soft over 20 px.
            dx = max(cx - x, 0, x - (cx + cw)); dy = max(cy + 8 - y, 0, y - (cy + 8 + ch))
            d = math.hypot(dx, dy); a = 0.35 * max(0.0, 1 - d / 20) ** 2
            inside = cx <= x < cx + cw and cy <= y < cy + ch
            for c in range(3):
                v = row[3 * x + c] * (1 - a)
                row[3 * x + c] = 250 if inside else int(v + 0.5)
        rows.append(bytes(row))
    png(os.path.join(out, 'frame-%04d.png' % f), rows)
open(os.path.join(out, 'frames.json'), 'w').write('{"fps": 30, "scale": 1, "frames": [%s]}\n' % ', '.join(
    '{"file": "frame-%04d.png", "time": %r, "tick": %d}' % (f, f / 30, 2 * f) for f in range(N)))
