"""PSNR of every frame of a video against the PNG frames it was made from: decodes the video with
ffmpeg to RGB (converting with the matrix and range given, so each file is read as its encoder
wrote it) and compares frame k with frame-k.png of FRAMES_DIR (the rendered area, when an odd size
was padded). Prints `min mean count` and, with --each, every frame's PSNR on the next line.

usage: video_psnr.py VIDEO FRAMES_DIR MATRIX RANGE [--each]     (MATRIX bt709|bt601, RANGE tv|pc)
"""
import glob
import subprocess
import sys

import numpy as np
from PIL import Image

path, folder, matrix, rng = sys.argv[1:5]
sources = sorted(glob.glob(folder + "/frame-*.png"))
first = Image.open(sources[0])
w, h = first.size
probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                        "-of", "csv=p=0", path], capture_output=True, text=True, check=True).stdout.strip()
vw, vh = (int(v) for v in probe.split(",")[:2])
decoder = subprocess.Popen(["ffmpeg", "-v", "error", "-i", path, "-vf",
                            f"scale=in_color_matrix={matrix}:in_range={rng}:flags=accurate_rnd+full_chroma_int,format=rgb24",
                            "-f", "rawvideo", "-"], stdout=subprocess.PIPE)
scores = []
while True:
    raw = decoder.stdout.read(vw * vh * 3)
    if len(raw) < vw * vh * 3:
        break
    k = len(scores)
    if k >= len(sources):
        sys.exit(f"{path}: more frames than {folder} has")
    shown = np.frombuffer(raw, np.uint8).reshape(vh, vw, 3)[:h, :w].astype(np.float64)
    want = np.asarray(Image.open(sources[k]).convert("RGB")).astype(np.float64)
    mse = ((shown - want) ** 2).mean()
    scores.append(99.0 if mse == 0 else 10 * np.log10(255 ** 2 / mse))
decoder.wait()
if len(scores) != len(sources):
    sys.exit(f"{path}: {len(scores)} frames, expected {len(sources)}")
print(f"{min(scores):.2f} {sum(scores) / len(scores):.2f} {len(scores)}")
if "--each" in sys.argv:
    print(" ".join(f"{s:.2f}" for s in scores))
