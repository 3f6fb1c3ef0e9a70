"""Moving full-frame gradients for the GIF bench and tests: a linear gradient turning through 90°
under a radial glow circling the canvas, every pixel changing every frame (no flat area, no edge),
as 8-bit RGB PNGs with frames.json (30 fps). The same picture as `MeshGradientFixture` in
Tests/CodecsTests, so the bench measures what the test looks at.

  linear: angle 30° + 90°·t from (32, 58, 140) to (242, 113, 33) across the canvas
  radial: centre (W/2 + W/4·cos 2πt, H/2 + H/4·sin 2πt), radius 0.6·W, colour (255, 236, 180),
          opacity 0.85·(1 − d/r)² (0 beyond r), over the linear gradient
  with t = frame / FRAMES, values rounded to nearest.

usage: mesh_frames.py OUT_DIR [WIDTH HEIGHT FRAMES]   (default 640 640 30; needs numpy and Pillow)
"""
import math
import os
import sys

import numpy as np
from PIL import Image

out = sys.argv[1]
W, H, N = (int(v) for v in sys.argv[2:5]) if len(sys.argv) >= 5 else (640, 640, 30)
os.makedirs(out, exist_ok=True)
y, x = np.mgrid[0:H, 0:W].astype(np.float64) + 0.5
a, b = np.array([32, 58, 140], np.float64), np.array([242, 113, 33], np.float64)
glow = np.array([255, 236, 180], np.float64)
for f in range(N):
    t = f / N
    angle = math.radians(30 + 90 * t)
    dx, dy = math.cos(angle), math.sin(angle)
    # Position along the direction, 0 at the corner it leaves from, 1 at the opposite one.
    lo = min(0, W * dx) + min(0, H * dy)
    hi = max(0, W * dx) + max(0, H * dy)
    s = ((x * dx + y * dy) - lo) / (hi - lo)
    linear = a + (b - a) * s[..., None]
    cx, cy, r = W / 2 + W / 4 * math.cos(2 * math.pi * t), H / 2 + H / 4 * math.sin(2 * math.pi * t), 0.6 * W
    d = np.hypot(x - cx, y - cy)
    alpha = 0.85 * np.clip(1 - d / r, 0, 1) ** 2
    rgb = linear * (1 - alpha[..., None]) + glow * alpha[..., None]
    Image.fromarray(np.floor(rgb + 0.5).clip(0, 255).astype(np.uint8), "RGB").save(os.path.join(out, "frame-%04d.png" % f))
with open(os.path.join(out, "frames.json"), "w") as fh:
    fh.write('{"fps": 30, "scale": 1, "frames": [%s]}\n' % ", ".join(
        '{"file": "frame-%04d.png", "time": %r, "tick": %d}' % (f, f / 30, 2 * f) for f in range(N)))
