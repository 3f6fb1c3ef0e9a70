#!/usr/bin/env bash
# SVG: `popping-render svg` over the corpus in Tests/SVGTests/Corpus against rsvg-convert
# (librsvg2-bin) and headless Chromium, in the same run.
#
# Agreement: each file is rendered at its own size by all three, flattened over white (how a
# page shows it) and compared as PSNR in dB (inf = identical) by ImageMagick. Speed: the whole
# corpus rendered file by file, popping-render against rsvg-convert taking turns, best of
# ROUNDS, in wall time and in CPU time (target: at most half rsvg-convert's time), with and
# without the hostile file. Where the references disagree, popping-render follows the SVG spec;
# Tests/SVGTests/Corpus/README.md lists those files and which way it went.
# Most of each small file's time is process start-up: `make build` links a fully static
# executable (nothing for ld.so to load or relocate), and `svg FILE --out PNG` in its plain form
# is read without ArgumentParser's reflection (Sources/popping-render/QuickParse.swift): about
# 3.5 ms of CPU per file, against 8 ms with only the Swift libraries static and 14 ms linked
# dynamically. On a busy machine each process also waits for a core, the same for both tools,
# which moves the wall-time ratio towards 1; the CPU ratio does not move.
# env: BIN=.build/release, OUT (scratch folder), SKIP_CHROME=1 to leave Chromium out, ROUNDS=5,
# SKIP_WORLD=1 to leave out the real-world files.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$ROOT/.build/release}
OUT=${OUT:-${TMPDIR:-/tmp}/popping-bench}/svg
CORPUS=$ROOT/Tests/SVGTests/Corpus
for tool in rsvg-convert compare convert identify; do
    command -v "$tool" >/dev/null || { echo "bench/svg.sh: $tool is not installed (make deps)" >&2; exit 2; }
done
CHROME=$(command -v chromium || command -v chromium-browser || true)
[ -n "${SKIP_CHROME:-}" ] && CHROME=""
rm -rf "$OUT" && mkdir -p "$OUT/ours" "$OUT/rsvg" "$OUT/chrome" "$OUT/flat"

# PSNR of two PNGs flattened over white; "-" when one is missing or they differ in size.
psnr() {
    [ -f "$1" ] && [ -f "$2" ] || { echo "-"; return; }
    convert "$1" -background white -alpha remove -alpha off "$OUT/flat/a.png"
    convert "$2" -background white -alpha remove -alpha off "$OUT/flat/b.png"
    [ "$(identify -format %wx%h "$OUT/flat/a.png")" = "$(identify -format %wx%h "$OUT/flat/b.png")" ] || { echo "-"; return; }
    compare -metric PSNR "$OUT/flat/a.png" "$OUT/flat/b.png" null: 2>&1 | awk '{ printf "%s", ($1 == "inf" ? "inf" : sprintf("%.1f", $1)) }'
}

printf "%-28s %10s %10s %10s\n" file vs_rsvg vs_chrome rsvg_chrome
for svg in "$CORPUS"/*.svg; do
    name=$(basename "$svg" .svg)
    "$BIN/popping-render" svg "$svg" --out "$OUT/ours/$name.png" 2>/dev/null || true
    rsvg-convert "$svg" -o "$OUT/rsvg/$name.png" 2>/dev/null || true
    if [ -n "$CHROME" ] && [ -f "$OUT/ours/$name.png" ]; then
        size=$(identify -format %w,%h "$OUT/ours/$name.png")
        printf '<!doctype html><body style="margin:0"><img src="file://%s" style="display:block">' "$svg" > "$OUT/chrome/$name.html"
        timeout 60 "$CHROME" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
            --default-background-color=00000000 --window-size="$size" --screenshot="$OUT/chrome/$name.png" \
            "file://$OUT/chrome/$name.html" >/dev/null 2>&1 || true
    fi
    printf "%-28s %10s %10s %10s\n" "$name" "$(psnr "$OUT/ours/$name.png" "$OUT/rsvg/$name.png")" \
        "$(psnr "$OUT/ours/$name.png" "$OUT/chrome/$name.png")" "$(psnr "$OUT/rsvg/$name.png" "$OUT/chrome/$name.png")"
done

# One pass over every file given, one process per file, with "$1" as the tool: wall seconds,
# then CPU seconds (user + system of the processes, steadier on a shared machine).
pass() {
    local tool=$1; shift
    /usr/bin/time -f "%e %U %S" bash -c '
        tool=$1; shift
        for f in "$@"; do
            if [ "$tool" = ours ]; then "$BIN/popping-render" svg "$f" --out "$OUT/timed.png" 2>/dev/null || true
            else rsvg-convert "$f" -o "$OUT/timed.png" 2>/dev/null || true; fi
        done' _ "$tool" "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%s %.3f\n", $1, $2 + $3 }'
}
export BIN OUT
files=("$CORPUS"/*.svg)
ordinary=()
for f in "${files[@]}"; do case $(basename "$f") in hostile-*) ;; *) ordinary+=("$f") ;; esac; done
# ROUNDS rounds (default 5), the two tools taking turns so both see the same machine load; the
# best wall and the best CPU time of each.
rounds=${ROUNDS:-5}
: > "$OUT/times"
for _ in $(seq "$rounds"); do
    echo "ours all $(pass ours "${files[@]}")" >> "$OUT/times"
    echo "rsvg all $(pass rsvg "${files[@]}")" >> "$OUT/times"
    echo "ours ordinary $(pass ours "${ordinary[@]}")" >> "$OUT/times"
    echo "rsvg ordinary $(pass rsvg "${ordinary[@]}")" >> "$OUT/times"
done
# best TOOL SET COLUMN: the smallest of a column (3 wall, 4 CPU) over the rounds.
best() { awk -v t="$1" -v s="$2" -v c="$3" '$1 == t && $2 == s { print $c }' "$OUT/times" | sort -n | head -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
echo "svg_corpus_files: ${#files[@]} (best of $rounds rounds)"
echo "svg_corpus_seconds: $(best ours all 3) (rsvg-convert: $(best rsvg all 3))"
echo "svg_ratio_to_rsvg: $(ratio "$(best ours all 3)" "$(best rsvg all 3)")"
echo "svg_corpus_cpu_seconds: $(best ours all 4) (rsvg-convert: $(best rsvg all 4))"
echo "svg_cpu_ratio_to_rsvg: $(ratio "$(best ours all 4)" "$(best rsvg all 4)")"
# Without the hostile files, where popping-render stops expanding early and rsvg-convert does not.
echo "svg_corpus_seconds_without_hostile: $(best ours ordinary 3) (rsvg-convert: $(best rsvg ordinary 3))"
echo "svg_ratio_to_rsvg_without_hostile: $(ratio "$(best ours ordinary 3)" "$(best rsvg ordinary 3)")"
echo "svg_corpus_cpu_seconds_without_hostile: $(best ours ordinary 4) (rsvg-convert: $(best rsvg ordinary 4))"
echo "svg_cpu_ratio_to_rsvg_without_hostile: $(ratio "$(best ours ordinary 4)" "$(best rsvg ordinary 4)")"

# Real-world files: a sample of five Debian icon themes (and bootstrap-icons) against Chromium,
# the batch mode against resvg's library in-process, one process per file against rsvg-convert
# (bench/svg_world.py says how; its peers come from bench/setup-peers.sh).
if [ -z "${SKIP_WORLD:-}" ] && [ -n "$CHROME" ]; then
    bash "$ROOT/bench/setup-peers.sh"
    "${PEERS_DIR:-$ROOT/.build/peers}/bin/python" "$ROOT/bench/svg_world.py" "$BIN/popping-render" "$OUT/world"
fi
