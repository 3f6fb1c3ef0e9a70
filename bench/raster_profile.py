#!/usr/bin/env python3
"""Sums a callgrind profile of `popping-bench raster` by stage of the rasterizer, per frame.

usage: raster_profile.py CALLGRIND_ANNOTATE_OUTPUT FRAMES
Reads the per-function lines of `callgrind_annotate` (instructions, then `file:function`) and prints
one line per stage: instructions per frame and share of the frame, largest first.
"""
import re
import sys

STAGES = [
    ("line walk (cells and bit array)", ("CellWalk",)),
    ("sweep (cells to coverage, edge pixels)", ("CellAccumulator", "sweep")),
    ("sweep (cells to coverage, edge pixels)", ("sweep_",)),
    ("span kernel (covered runs)", ("span_",)),
    ("span kernel (covered runs)", ("pr_source_over_span",)),
    ("flattening (curves to lines)", ("flatten",)),
    ("edge list, bounds and bands", ("EdgeList",)),
    ("edge list, bounds and bands", ("sortIntoBands",)),
    ("edge list, bounds and bands", ("Rasterizer",)),
    ("edge list, bounds and bands", ("CellAccumulator",)),
    ("clear", ("Canvas", "clear")),
]


def stage(symbol):
    for name, parts in STAGES:
        if all(p in symbol for p in parts):
            return name
    return "other (paths, calls, memory)"


def main():
    path, frames = sys.argv[1], int(sys.argv[2])
    totals = {}
    for line in open(path, errors="replace"):
        m = re.match(r"\s*([\d,]+)\s+\([\s\d.]+%\)\s+(\S.*)$", line)
        if not m or "PROGRAM TOTALS" in line:
            continue
        count = int(m.group(1).replace(",", ""))
        totals[stage(m.group(2))] = totals.get(stage(m.group(2)), 0) + count
    whole = sum(totals.values())
    if whole == 0:
        sys.exit("raster_profile.py: no functions in the profile")
    print(f"  {'stage':42} {'instr/frame':>12} {'share':>6}")
    for name, count in sorted(totals.items(), key=lambda kv: -kv[1]):
        print(f"  {name:42} {count / frames / 1e6:10.2f} M {100 * count / whole:5.1f}%")
    print(f"raster_instructions_per_frame {whole / frames / 1e6:.2f} M")


if __name__ == "__main__":
    main()
