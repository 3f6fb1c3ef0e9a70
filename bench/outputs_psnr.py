"""PSNR of an animation (GIF, APNG or WebP, read with Pillow) against the PNG frames it was made
from, per output tick: prints `min mean` in dB (99 for identical frames). With --blur, both are
blurred first (Gaussian, radius 1) so dither noise that the eye averages away does not count.

usage: outputs_psnr.py ANIMATION FRAMES_DIR FPS [--blur]
"""
import glob
import sys

import numpy as np
from PIL import Image, ImageFilter

path, folder, fps = sys.argv[1], sys.argv[2], int(sys.argv[3])
blur = ImageFilter.GaussianBlur(1) if "--blur" in sys.argv else ImageFilter.BoxBlur(2) if "--box5" in sys.argv else None
sources = sorted(glob.glob(folder + "/frame-*.png"))


def pixels(image):
    rgba = image.convert("RGBA")
    if blur:
        rgba = rgba.filter(blur)
    return np.asarray(rgba).astype(np.float64)


animation = Image.open(path)
tick, scores = 0, []
for k in range(getattr(animation, "n_frames", 1)):
    animation.seek(k)
    shown = pixels(animation)
    # Ticks this frame covers; durations are whole milliseconds (WebP) or centiseconds (GIF).
    ticks = max(1, round(animation.info.get("duration", 1000 / fps) * fps / 1000))
    for j in range(tick, min(tick + ticks, len(sources))):
        mse = ((shown - pixels(Image.open(sources[j]))) ** 2).mean()
        scores.append(99.0 if mse == 0 else 10 * np.log10(255 ** 2 / mse))
    tick += ticks
if len(scores) != len(sources):
    sys.exit(f"{path}: covers {len(scores)} ticks, expected {len(sources)}")
print(f"{min(scores):.2f} {sum(scores) / len(scores):.2f}")
