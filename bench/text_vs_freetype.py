#!/usr/bin/env python3
"""Checks popping-render's text from outside: glyph coverage against FreeType, advances against HarfBuzz.

For each specimen it runs `popping-render text` (black text on a transparent canvas, which it
sizes and reports), then draws the same string with FreeType's unhinted anti-aliased renderer
(FT_LOAD_NO_HINTING) at HarfBuzz's positions (per directional run; the `kern` feature on, ligatures off for Latin, as our
layout), composited glyph by glyph like ours, onto the same canvas at the same baseline. It
prints the PSNR of the two alpha channels and compares the string width we report with the sum
of HarfBuzz's advances. Exit status 1 when a PSNR is below 35 dB or a width differs.

Setup: bench/setup-peers.sh (a venv in .build/peers with freetype-py, uharfbuzz, numpy and pillow).
Run from the repository (`make bench` runs it through bench/text.sh):
    swift build -c release --product popping-render &&
    .build/peers/bin/python bench/text_vs_freetype.py [--bin .build/release/popping-render] [--keep DIR]
"""
import argparse
import math
import re
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

import freetype
import numpy as np
import uharfbuzz as hb
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "Assets" / "Fonts"
SPECIMENS = [  # text, font file, point size, screen scale
    ("Just a serious login error.", "NunitoSans-Light.ttf", 18, 1),
    ("Just a serious login error.", "NunitoSans-Light.ttf", 18, 2),
    ("Just a serious login error.", "NunitoSans-Light.ttf", 18, 3),
    ("Log in", "NunitoSans-Medium.ttf", 22, 2),
    ("Enter a Password", "NunitoSans-Regular.ttf", 17, 2),
    ("Register", "NunitoSans-Regular.ttf", 20, 3),
    ("AV To Wj Ty.", "NunitoSans-Regular.ttf", 30, 2),
    ("\u2022\u2022\u2022\u2022\u2022\u2022", "NunitoSans-Light.ttf", 18, 2),
    ("Settings", "Inter-SemiBold.ttf", 17, 2),
    ("The quick brown fox jumps.", "Inter-Regular.ttf", 17, 3),
    ("Privacy & Security", "Inter-Regular.ttf", 34, 2),
    # Right to left, shaped (Arabic joining forms and marks), the bundled fallback faces.
    ("مرحبا بالعالم، كيف حالك اليوم؟", "NotoSansArabic-Regular.ttf", 20, 2),
    ("تسجيل الدخول", "NotoSansArabic-Regular.ttf", 17, 3),
    ("שלום עולם מה שלומך היום", "NotoSansHebrew-Regular.ttf", 20, 2),
    # Hebrew and English in one right-to-left paragraph, in a face that has both.
    ("ההודעה נשלחה ל-iPhone שלך היום.", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 20, 2),
]


def bidi_runs(text):
    """The text's directional runs in visual order, for a paragraph with no embeddings: letters
    are strong (L, or R/AL), and neutrals between two letters of one direction take it, others
    the paragraph's (its first strong letter's). Enough for the specimens, whose only mixed one is
    an English word inside a Hebrew sentence."""
    strong = [("R" if unicodedata.bidirectional(c) in ("R", "AL") else "L" if unicodedata.bidirectional(c) == "L"
               else None) for c in text]
    base = next((d for d in strong if d), "L")
    resolved = []
    for i, d in enumerate(strong):
        if d is None:
            before = next((x for x in reversed(strong[:i]) if x), base)
            after = next((x for x in strong[i + 1:] if x), base)
            d = before if before == after else base
        resolved.append(d)
    runs, start = [], 0
    for i in range(1, len(text) + 1):
        if i == len(text) or resolved[i] != resolved[start]:
            runs.append((text[start:i], resolved[start]))
            start = i
    return runs[::-1] if base == "R" else runs


def harfbuzz_positions(font_path, text):
    """Glyph ids and pen positions (x, y up) in font units, and the total advance: each
    directional run shaped by HarfBuzz (the `kern` feature on; for Latin, ligatures and
    contextual alternates off, as our layout; for Arabic and Hebrew the defaults), set in visual order."""
    face = hb.Face(hb.Blob.from_file_path(str(font_path)))
    font = hb.Font(face)
    pen, placed = 0, []
    for run, direction in bidi_runs(text):
        buf = hb.Buffer()
        buf.add_str(run)
        buf.guess_segment_properties()
        buf.direction = "rtl" if direction == "R" else "ltr"
        complex_script = buf.script not in ("Latn", "Grek", "Cyrl", "Zyyy")
        hb.shape(font, buf, {"kern": True} if complex_script else {"kern": True, "liga": False, "clig": False, "calt": False})
        for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
            placed.append((info.codepoint, pen + pos.x_offset, pos.y_offset))
            pen += pos.x_advance
    return placed, pen, face.upem


def freetype_render(font_path, text, size, scale, shape, origin):
    """Alpha coverage of `text` drawn by FreeType, unhinted, with its baseline at `origin` (pixels)."""
    placed, _, upem = harfbuzz_positions(font_path, text)
    ppem = size * scale
    face = freetype.Face(str(font_path))
    face.set_char_size(int(round(ppem * 64)))
    canvas = np.zeros(shape, dtype=np.float64)
    for gid, x_units, y_units in placed:
        gx = origin[0] + x_units * ppem / upem
        ix, fx = math.floor(gx), gx - math.floor(gx)
        fy = y_units * ppem / upem  # marks above or below their base; baselines land on whole pixels
        face.set_transform(freetype.Matrix(0x10000, 0, 0, 0x10000),
                           freetype.Vector(int(round(fx * 64)), int(round(fy * 64))))
        face.load_glyph(gid, freetype.FT_LOAD_NO_HINTING | freetype.FT_LOAD_NO_BITMAP | freetype.FT_LOAD_RENDER)
        g = face.glyph
        bm = g.bitmap
        if bm.width == 0 or bm.rows == 0:
            continue
        cov = np.array(bm.buffer, dtype=np.float64).reshape(bm.rows, bm.pitch)[:, :bm.width] / 255
        top, left = origin[1] - g.bitmap_top, ix + g.bitmap_left
        y0, x0 = max(top, 0), max(left, 0)
        y1, x1 = min(top + bm.rows, shape[0]), min(left + bm.width, shape[1])
        if y1 <= y0 or x1 <= x0:
            continue
        part = cov[y0 - top:y1 - top, x0 - left:x1 - left]
        region = canvas[y0:y1, x0:x1]
        canvas[y0:y1, x0:x1] = region + part * (1 - region)  # source-over, glyph by glyph
    return np.round(canvas * 255)


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return math.inf if mse == 0 else 10 * math.log10(255 ** 2 / mse)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=str(ROOT / ".build" / "release" / "popping-render"))
    ap.add_argument("--keep", help="folder to keep the PNGs in (ours_N.png, freetype_N.png)")
    args = ap.parse_args()
    out = Path(args.keep or tempfile.mkdtemp())
    out.mkdir(parents=True, exist_ok=True)
    failed = False
    print(f"{'specimen':44} {'px':>9} {'PSNR dB':>8} {'max Δ':>6} {'width pt (ours)':>16} {'HarfBuzz':>10}")
    for i, (text, file, size, scale) in enumerate(SPECIMENS):
        font_path = FONTS / file  # an absolute path stays itself
        png = out / f"ours_{i}.png"
        report = subprocess.run([args.bin, "text", text, "--font", str(font_path), "--size", str(size),
                                 "--scale", str(scale), "--out", str(png)],
                                check=True, capture_output=True, text=True).stdout
        m = re.search(r"text ([0-9.e+-]+)x[0-9.e+-]+ pt; baseline origin \((-?\d+), (-?\d+)\) px", report)
        ours_width, origin = float(m.group(1)), (int(m.group(2)), int(m.group(3)))
        ours = np.array(Image.open(png).convert("RGBA"))[:, :, 3]
        theirs = freetype_render(font_path, text, size, scale, ours.shape, origin)
        Image.fromarray(theirs.astype(np.uint8)).save(out / f"freetype_{i}.png")
        _, advance_units, upem = harfbuzz_positions(font_path, text)
        hb_width = advance_units * size / upem
        quality = psnr(ours, theirs)
        worst = int(np.max(np.abs(ours.astype(int) - theirs.astype(int))))
        widths_match = abs(ours_width - hb_width) < 1e-9
        failed |= quality < 35 or not widths_match
        label = f"{text[:22]!r} {Path(file).stem.split('-')[-1][:9]} {size}pt @{scale}x"
        print(f"{label:44} {ours.shape[1]:>4}x{ours.shape[0]:<4} {quality:8.2f} {worst:6d} {ours_width:16.6g} "
              f"{hb_width:10.6g}{'' if widths_match else '  WIDTH DIFFERS'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
