#!/usr/bin/env bash
# Layout benchmark: the three systems of `popping-bench layout`, built and edited by kiwisolver
# (the C++ Kiwi, through bench/kiwi_bench.py) and by popping-bench (release build), back to back, and the
# speed-up of build_solve_ms and edit_cycles_ms (medians) per variant and size.
# Kiwi needs minutes for chain-strong at N=1000, so that size runs only with KIWI_SLOW=1.
#
# usage: bench/layout.sh
# env:   PY (kiwisolver, bench/setup-peers.sh), REPEAT=5, KIWI_SLOW=0
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY=${PY:-$ROOT/.build/peers/bin/python}
REPEAT=${REPEAT:-5}
KIWI_SLOW=${KIWI_SLOW:-0}
BIN=${BIN:-$ROOT/.build/release}/popping-bench
[ -x "$BIN" ] || (cd "$ROOT" && swift build -c release --product popping-bench >&2)

# Prints "metric N=…: value" for one metric of a run's output.
metric() { grep -E "^$1(\[[a-z-]+\])? N=$2:" | sed 's/.*: //'; }

for variant in chain-strong chain-required star-strong; do
  for n in 100 1000; do
    if [ "$variant" = chain-strong ] && [ "$n" = 1000 ] && [ "$KIWI_SLOW" != 1 ]; then
      ours=$("$BIN" layout --variant "$variant" --n "$n" --repeat "$REPEAT")
      echo "$variant N=$n: ours build_solve_ms $(echo "$ours" | metric build_solve_ms "$n")" \
           "(kiwi takes minutes; KIWI_SLOW=1 runs it)"
      continue
    fi
    kiwi=$("$PY" "$ROOT/bench/kiwi_bench.py" "$n" --variant "$variant" --repeat "$REPEAT")
    ours=$("$BIN" layout --variant "$variant" --n "$n" --repeat "$REPEAT")
    for m in build_solve_ms edit_cycles_ms; do
      k=$(echo "$kiwi" | metric "$m" "$n"); o=$(echo "$ours" | metric "$m" "$n")
      printf '%s N=%s: %s kiwi %s ours %s speed-up %.1fx\n' "$variant" "$n" "$m" "$k" "$o" "$(echo "$k / $o" | bc -l)"
    done
  done
done
