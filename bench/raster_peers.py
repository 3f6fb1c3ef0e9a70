#!/usr/bin/env python3
"""Draws a bench/make_scene.py scene with Blend2D, Skia and cairo, times them, and scores PNGs.

draw:   raster_peers.py draw SCENE.json OUT_DIR [--frames 20] [--warmup 0.25] [--reference]
        Each peer draws the scene single-threaded, untimed for WARMUP seconds (at least once) and
        then FRAMES times; prints
        `<peer>_ms_per_frame: X` and `<peer>_cpu_ms_per_frame: X` (medians of wall and thread CPU
        time) and writes OUT_DIR/<peer>.png (straight RGB).
        --reference also writes OUT_DIR/reference.png: Skia at 4x4 the size (its own anti-aliasing
        on each sub-pixel) averaged down over each 4x4 block, a close stand-in for exact pixel area.
psnr:   raster_peers.py psnr REFERENCE.png IMAGE.png   prints the PSNR in dB of IMAGE's RGB.
"""
import argparse
import json
import math
import statistics
import sys
import time

import numpy as np
from PIL import Image


def median_ms(draw, frames, warmup):
    """Median wall and thread CPU milliseconds of one frame, after drawing untimed for `warmup` seconds
    (at least once), as popping-bench raster --warmup does."""
    end = time.perf_counter() + warmup
    draw()
    while time.perf_counter() < end:
        draw()
    wall, cpu = [], []
    for _ in range(frames):
        start, cpu_start = time.perf_counter(), time.thread_time()
        draw()
        cpu.append((time.thread_time() - cpu_start) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def skia_painter(scene, scale=1):
    import skia
    ops = []
    for s in scene["shapes"]:
        r, g, b, a = s["rgba"]
        paint = skia.Paint(AntiAlias=True, Color=skia.ColorSetARGB(a, r, g, b))
        if s["type"] == "roundrect":
            rect = skia.Rect.MakeXYWH(s["x"], s["y"], s["w"], s["h"])
            ops.append((lambda c, g=skia.RRect.MakeRectXY(rect, s["r"], s["r"]), p=paint: c.drawRRect(g, p)))
        elif s["type"] == "ellipse":
            rect = skia.Rect.MakeLTRB(s["cx"] - s["rx"], s["cy"] - s["ry"], s["cx"] + s["rx"], s["cy"] + s["ry"])
            ops.append((lambda c, g=rect, p=paint: c.drawOval(g, p)))
        else:
            path = skia.Path()
            path.setFillType(skia.PathFillType.kEvenOdd if s.get("fill_rule") == "evenodd"
                             else skia.PathFillType.kWinding)
            path.moveTo(*s["start"])
            for c in s["cubics"]:
                path.cubicTo(*c)
            path.close()
            ops.append((lambda c, g=path, p=paint: c.drawPath(g, p)))
    surface = skia.Surface(scene["width"] * scale, scene["height"] * scale)

    def draw():
        canvas = surface.getCanvas()
        canvas.save()
        canvas.scale(scale, scale)
        canvas.clear(skia.Color(*scene["background"][:3], scene["background"][3]))
        for op in ops:
            op(canvas)
        canvas.restore()

    def pixels():
        image = surface.makeImageSnapshot()
        return image.toarray(colorType=skia.ColorType.kRGBA_8888_ColorType,
                             alphaType=skia.AlphaType.kUnpremul_AlphaType)[:, :, :3]
    return draw, pixels


def cairo_painter(scene):
    import cairo
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, scene["width"], scene["height"])
    bg = [v / 255 for v in scene["background"]]

    def draw():
        ctx = cairo.Context(surface)
        ctx.set_source_rgba(*bg)
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        for s in scene["shapes"]:
            r, g, b, a = s["rgba"]
            ctx.set_source_rgba(r / 255, g / 255, b / 255, a / 255)
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if s.get("fill_rule") == "evenodd"
                              else cairo.FILL_RULE_WINDING)
            if s["type"] == "roundrect":
                x, y, w, h, rad = s["x"], s["y"], s["w"], s["h"], s["r"]
                ctx.new_sub_path()
                for cx, cy, start in ((x + w - rad, y + rad, -0.5), (x + w - rad, y + h - rad, 0),
                                      (x + rad, y + h - rad, 0.5), (x + rad, y + rad, 1)):
                    ctx.arc(cx, cy, rad, start * math.pi, (start + 0.5) * math.pi)
                ctx.close_path()
            elif s["type"] == "ellipse":
                ctx.save()
                ctx.translate(s["cx"], s["cy"])
                ctx.scale(s["rx"], s["ry"])
                ctx.new_sub_path()
                ctx.arc(0, 0, 1, 0, 2 * math.pi)
                ctx.restore()
            else:
                ctx.move_to(*s["start"])
                for c in s["cubics"]:
                    ctx.curve_to(*c)
                ctx.close_path()
            ctx.fill()
        surface.flush()

    def pixels():
        h, w, stride = surface.get_height(), surface.get_width(), surface.get_stride()
        bgra = np.frombuffer(surface.get_data(), dtype=np.uint8).reshape(h, stride)[:, :w * 4].reshape(h, w, 4)
        return bgra[:, :, [2, 1, 0]]  # the background is opaque, so premultiplied = straight
    return draw, pixels


def blend2d_painter(scene):
    import blend2d as bl
    ops = []
    for s in scene["shapes"]:
        colour = tuple(v / 255 for v in s["rgba"])
        if s["type"] == "ellipse":
            ops.append(("ellipse", (s["cx"], s["cy"], s["rx"], s["ry"]), colour))
            continue
        path = bl.BLPath()
        if s["type"] == "roundrect":
            path.add_round_rect(bl.BLRect(s["x"], s["y"], s["w"], s["h"]), s["r"])
        else:
            path.move_to(*s["start"])
            for c in s["cubics"]:
                path.cubic_to(*c)
            path.close()
        ops.append(("path", path, colour))
    image = bl.BLImage(scene["width"], scene["height"], bl.BLFormat.PRGB32)
    bg = tuple(v / 255 for v in scene["background"])

    def draw():
        ctx = bl.BLContext(image)  # synchronous: one thread
        ctx.set_fill_style(bg)
        ctx.fill_all()
        for kind, shape, colour in ops:
            ctx.set_fill_style(colour)
            if kind == "ellipse":
                ctx.fill_ellipse(*shape)
            else:
                ctx.fill_path(shape)
        del ctx  # ending the context flushes every command

    def pixels():
        import os
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            file = os.path.join(tmp, "b.png")
            image.writeToFile(file)
            rgba = np.asarray(Image.open(file).convert("RGBA"))
        return rgba[:, :, [2, 1, 0]]  # the binding writes BGRA as if it were RGBA
    return draw, pixels


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return math.inf if mse == 0 else 10 * math.log10(255 ** 2 / mse)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw")
    d.add_argument("scene")
    d.add_argument("out")
    d.add_argument("--frames", type=int, default=20)
    d.add_argument("--warmup", type=float, default=0.25)
    d.add_argument("--reference", action="store_true")
    d.add_argument("--peers", default="blend2d,skia,cairo")
    p = sub.add_parser("psnr")
    p.add_argument("reference")
    p.add_argument("image")
    args = ap.parse_args()

    if args.command == "psnr":
        ref = np.asarray(Image.open(args.reference).convert("RGB"))
        img = np.asarray(Image.open(args.image).convert("RGB"))
        if ref.shape != img.shape:
            sys.exit(f"raster_peers.py: {args.image} is {img.shape[1]}x{img.shape[0]}, "
                     f"the reference {ref.shape[1]}x{ref.shape[0]}")
        print(f"{psnr(ref, img):.2f}")
        return

    with open(args.scene) as f:
        scene = json.load(f)
    painters = {"blend2d": blend2d_painter, "skia": skia_painter, "cairo": cairo_painter}
    for name in filter(None, args.peers.split(",")):
        draw, pixels = painters[name](scene)
        ms, cpu_ms = median_ms(draw, args.frames, args.warmup)
        Image.fromarray(np.ascontiguousarray(pixels())).save(f"{args.out}/{name}.png")
        print(f"{name}_ms_per_frame: {ms:.3f}\n{name}_cpu_ms_per_frame: {cpu_ms:.3f}", flush=True)
    if args.reference:
        draw, pixels = skia_painter(scene, scale=4)
        draw()
        big = pixels().astype(np.float64)
        h, w = scene["height"], scene["width"]
        small = big.reshape(h, 4, w, 4, 3).mean(axis=(1, 3))
        Image.fromarray(np.round(small).astype(np.uint8)).save(f"{args.out}/reference.png")


if __name__ == "__main__":
    main()
