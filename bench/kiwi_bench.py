#!/usr/bin/env python3
"""Times kiwisolver (the C++ Kiwi) on the constraint systems `popping-bench layout` solves.

N views in a row inside a window whose width W is an edit variable (strength strong):
  left[0] == 8; left[i] == left[i-1] + width[i-1] + 8; width[i] >= 20;
  equal widths: chain-strong width[i] == width[i-1] (strong), chain-required (required),
  star-strong width[i] == width[0] (strong); left[N-1] + width[N-1] + 8 == W.
Build: add the edit variable, suggest W for k = 0, add the constraints view by view, read every
variable. Then CYCLES edits: W for cycle k puts every width at 30 + 100 * (1 - cos(0.05 k)) / 2.

Prints, as popping-bench layout does, per N (median and minimum of REPEAT runs, milliseconds):
  build_solve_ms N=…, edit_cycles_ms N=…, with a "[variant]" tag unless chain-strong.

usage: kiwi_bench.py N [N ...] [--variant chain-strong] [--cycles 1000] [--repeat 3]
"""
import argparse
import math
import statistics
import time

import kiwisolver as kiwi

GAP, MIN_WIDTH = 8.0, 20.0


def window_width(n, k):
    return GAP * (n + 1) + n * (30.0 + 100.0 * (0.5 - 0.5 * math.cos(k * 0.05)))


def run(n, cycles, variant):
    t0 = time.perf_counter()
    solver = kiwi.Solver()
    left = [kiwi.Variable(f"left{i}") for i in range(n)]
    width = [kiwi.Variable(f"width{i}") for i in range(n)]
    window = kiwi.Variable("window")
    constraints = [left[0] == GAP]
    for i in range(n):
        if i > 0:
            constraints.append(left[i] == left[i - 1] + width[i - 1] + GAP)
        constraints.append(width[i] >= MIN_WIDTH)
        if i > 0:
            if variant == "chain-strong":
                constraints.append((width[i] == width[i - 1]) | "strong")
            elif variant == "chain-required":
                constraints.append(width[i] == width[i - 1])
            else:
                constraints.append((width[i] == width[0]) | "strong")
    constraints.append(left[n - 1] + width[n - 1] + GAP == window)
    solver.addEditVariable(window, "strong")
    solver.suggestValue(window, window_width(n, 0))
    for c in constraints:
        solver.addConstraint(c)
    solver.updateVariables()
    t1 = time.perf_counter()
    for k in range(1, cycles + 1):
        solver.suggestValue(window, window_width(n, k))
        solver.updateVariables()
    t2 = time.perf_counter()
    return (t1 - t0) * 1000, (t2 - t1) * 1000


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sizes", type=int, nargs="+")
    ap.add_argument("--variant", default="chain-strong", choices=["chain-strong", "chain-required", "star-strong"])
    ap.add_argument("--cycles", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    tag = "" if args.variant == "chain-strong" else f"[{args.variant}]"
    for n in args.sizes:
        runs = [run(n, args.cycles, args.variant) for _ in range(args.repeat)]
        for index, name in enumerate(("build_solve_ms", "edit_cycles_ms")):
            values = [r[index] for r in runs]
            print(f"{name}{tag} N={n}: {statistics.median(values):.3f}")
            print(f"{name}_min{tag} N={n}: {min(values):.3f}")


if __name__ == "__main__":
    main()
