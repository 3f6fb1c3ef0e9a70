#!/usr/bin/env bash
# The sign-in example's 2 × 2 × 2 variant matrix against one variant of it, as GIFs at 2x: the
# matrix reads the scene and parses its fonts once, so it must cost at most 8.5× one variant. Then
# a 4-variant matrix (appearance × layout direction) against its four variants rendered one after
# another by four runs: the matrix renders as many variants at once as memory holds, so on more
# than one core its wall time must be below the four runs'.
set -euo pipefail
BIN=${BIN:-.build/release}
OUT=${OUT:-.build/bench}
SCENE=Examples/Scenes/signin.yaml
MATRIX="appearance=light,dark; content-size=large,accessibilityExtraLarge; layout-direction=ltr,rtl"
mkdir -p "$OUT/variants"

# Best of three: wall seconds, and CPU seconds (user + system, steadier on a shared machine).
best() { sort -n | head -1; }
timed() { for i in 1 2 3; do /usr/bin/time -f "%e %U %S" "$@" 2>&1 >/dev/null | tail -1; done; }
wall() { awk '{print $1}' | best; }
cpu() { awk '{print $2 + $3}' | best; }
one=$(timed "$BIN/popping-render" "$SCENE" --out "$OUT/variants/one.gif" --quiet)
matrix=$(timed "$BIN/popping-render" "$SCENE" --variants "$MATRIX" --out "$OUT/variants/signin.gif" --quiet)
echo "signin_one_variant_gif_seconds: $(echo "$one" | wall) (cpu $(echo "$one" | cpu))"
echo "signin_eight_variants_gif_seconds: $(echo "$matrix" | wall) (cpu $(echo "$matrix" | cpu))"
echo "signin_matrix_ratio_to_one_variant: $(python3 -c "print(round($(echo "$matrix" | wall) / $(echo "$one" | wall), 3))") (target at most 8.5)"
echo "signin_matrix_cpu_ratio_to_one_variant: $(python3 -c "print(round($(echo "$matrix" | cpu) / $(echo "$one" | cpu), 3))")"

FOUR="appearance=light,dark; layout-direction=ltr,rtl"
sequential() {
    for traits in "" "--layout-direction rtl" "--appearance dark" "--appearance dark --layout-direction rtl"; do
        # shellcheck disable=SC2086
        "$BIN/popping-render" "$SCENE" $traits --out "$OUT/variants/alone.gif" --quiet
    done
}
export -f sequential
export BIN SCENE OUT
apart=$(timed bash -c sequential)
together=$(timed "$BIN/popping-render" "$SCENE" --variants "$FOUR" --out "$OUT/variants/four.gif" --quiet)
echo "signin_four_variants_one_after_another_seconds: $(echo "$apart" | wall) (cpu $(echo "$apart" | cpu))"
echo "signin_four_variants_matrix_seconds: $(echo "$together" | wall) (cpu $(echo "$together" | cpu))"
echo "signin_four_variants_matrix_ratio_to_one_after_another: $(python3 -c "print(round($(echo "$together" | wall) / $(echo "$apart" | wall), 3))") (target < 1 on 2+ cores)"
