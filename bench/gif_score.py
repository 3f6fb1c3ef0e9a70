#!/usr/bin/env python3
"""Scores an animated GIF against the PNG frames it was made from.

Decodes the GIF with Pillow (each frame composed onto the previous ones as a viewer shows it) and,
for each source frame at time i / FPS (rounded to GIF's centiseconds, as encoders place frames),
finds the GIF frame on screen then (encoders may merge identical frames and lengthen their delay),
and compares the two in RGB. Prints
  bytes, frames (GIF frames), psnr_mean, psnr_min (dB over the source frames)
and exits 1 when the file does not end in a GIF trailer, cannot be decoded, or lasts a different
number of frames than the source (within one frame of GIF's 10 ms delay rounding).

usage: gif_score.py FRAMES_DIR OUT.gif [--fps 30]
"""
import argparse
import glob
import math
import os
import sys

import numpy as np
from PIL import Image, ImageSequence


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("frames")
    ap.add_argument("gif")
    ap.add_argument("--fps", type=float, default=30)
    args = ap.parse_args()
    sources = sorted(glob.glob(os.path.join(args.frames, "*.png")))
    data = open(args.gif, "rb").read()
    if not sources:
        sys.exit(f"gif_score.py: no PNG frames in {args.frames}")
    if not data.startswith((b"GIF87a", b"GIF89a")) or not data.endswith(b";"):
        sys.exit(f"gif_score.py: {args.gif}: not a complete GIF (header or trailer missing)")
    shown, ends, clock = [], [], 0
    with Image.open(args.gif) as gif:
        for frame in ImageSequence.Iterator(gif):
            shown.append(np.asarray(frame.convert("RGB"), dtype=np.float64))
            clock += frame.info.get("duration", 0)
            ends.append(clock)
    total = len(sources) * 1000 / args.fps
    if abs(clock - total) > 1000 / args.fps + 10:
        sys.exit(f"gif_score.py: {args.gif} lasts {clock} ms, the frames {total:.0f} ms")
    scores, k = [], 0
    for i, path in enumerate(sources):
        t = round(i * 100 / args.fps) * 10 + 0.5  # GIF delays are centiseconds, rounded per frame
        while k + 1 < len(shown) and ends[k] <= t:
            k += 1
        src = np.asarray(Image.open(path).convert("RGB"), dtype=np.float64)
        mse = np.mean((src - shown[k]) ** 2)
        scores.append(99.0 if mse == 0 else 10 * math.log10(255 ** 2 / mse))
    print(f"bytes {len(data)}\nframes {len(shown)}\npsnr_mean {np.mean(scores):.2f}\npsnr_min {min(scores):.2f}")


if __name__ == "__main__":
    main()
