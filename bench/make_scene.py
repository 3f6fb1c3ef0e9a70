#!/usr/bin/env python3
"""Writes a raster benchmark scene as JSON, the input `popping-bench raster` and bench/raster_peers.py draw.

A 750x1334 white canvas (an iPhone 8 screen at 2x) with 200 translucent rounded rects, 50 ellipses and
20 closed cubic blobs (every fifth with control points flung outwards, so it crosses itself and the
non-zero rule matters), shuffled so that kinds overlap. Colours are straight 8-bit RGBA with alpha
128...255; coordinates are pixels, y down, pixel centres at +0.5. The same seed gives the same file.

usage: bench/make_scene.py --seed 7 --out scene.json
"""
import argparse
import json
import math
import random

WIDTH, HEIGHT = 750, 1334


def rgba(rng):
    return [rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255), rng.randint(128, 255)]


def two(v):
    return round(v, 2)


def rounded_rect(rng):
    w, h = rng.uniform(16, 280), rng.uniform(16, 210)
    x, y = rng.uniform(-24, WIDTH - w + 24), rng.uniform(-24, HEIGHT - h + 24)
    r = min(rng.uniform(3, 44), w / 2, h / 2)
    return {"type": "roundrect", "x": two(x), "y": two(y), "w": two(w), "h": two(h), "r": two(r), "rgba": rgba(rng)}


def ellipse(rng):
    return {"type": "ellipse", "cx": two(rng.uniform(0, WIDTH)), "cy": two(rng.uniform(0, HEIGHT)),
            "rx": two(rng.uniform(6, 150)), "ry": two(rng.uniform(6, 150)), "rgba": rgba(rng)}


def blob(rng, tangled):
    """A closed loop of 3...6 cubics through points on a wobbly circle."""
    cx, cy = rng.uniform(70, WIDTH - 70), rng.uniform(70, HEIGHT - 70)
    radius = rng.uniform(24, 135)
    n = rng.randint(3, 6)
    points = []
    for i in range(n):
        angle = (i + rng.uniform(-0.25, 0.25)) * 2 * math.pi / n
        reach = radius * rng.uniform(0.55, 1.25)
        points.append((cx + reach * math.cos(angle), cy + reach * math.sin(angle)))
    cubics = []
    for i in range(n):
        (x0, y0), (x3, y3) = points[i], points[(i + 1) % n]
        if tangled:
            c1 = (cx + rng.uniform(-1.7, 1.7) * radius, cy + rng.uniform(-1.7, 1.7) * radius)
            c2 = (cx + rng.uniform(-1.7, 1.7) * radius, cy + rng.uniform(-1.7, 1.7) * radius)
        else:
            bulge = rng.uniform(0.1, 0.5)
            nx, ny = (y3 - y0) * bulge, (x0 - x3) * bulge
            c1 = (x0 + (x3 - x0) / 3 + nx, y0 + (y3 - y0) / 3 + ny)
            c2 = (x0 + 2 * (x3 - x0) / 3 + nx, y0 + 2 * (y3 - y0) / 3 + ny)
        cubics.append([two(c1[0]), two(c1[1]), two(c2[0]), two(c2[1]), two(x3), two(y3)])
    return {"type": "cubicpath", "start": [two(points[0][0]), two(points[0][1])], "cubics": cubics,
            "fill_rule": "nonzero", "rgba": rgba(rng)}


def scene(seed):
    rng = random.Random(seed)
    shapes = [rounded_rect(rng) for _ in range(200)] + [ellipse(rng) for _ in range(50)]
    shapes += [blob(rng, tangled=i % 5 == 4) for i in range(20)]
    rng.shuffle(shapes)
    return {"width": WIDTH, "height": HEIGHT, "background": [255, 255, 255, 255], "seed": seed,
            "notes": "rgba straight 8-bit; roundrect radius already clamped; ellipse axis-aligned; "
                     "cubicpath: move to start, cubic per [c1x,c1y,c2x,c2y,x,y], close; pixels, y down, "
                     "source-over in sRGB bytes",
            "shapes": shapes}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    with open(args.out, "w") as f:
        json.dump(scene(args.seed), f, indent=1)


if __name__ == "__main__":
    main()
