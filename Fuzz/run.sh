#!/usr/bin/env bash
# Builds the libFuzzer targets (AddressSanitizer beside them) and runs each for SECONDS seconds
# on its seed corpus in Fuzz/Corpus/TARGET. Crashes, hangs (10 s) and inputs that take over 1 GB
# fail the run and leave
# the input in Fuzz/Findings/; turn each one into a regression test, then add it to the corpus.
# Leak detection is off: the Swift runtime's caches read as leaks.
#   Fuzz/run.sh 20            # CI: 20 s per target
#   Fuzz/run.sh 600 png       # a long run of one target
set -euo pipefail
cd "$(dirname "$0")"
SECONDS_PER_TARGET=${1:-20}
shift || true
ALL="png truetype svg layout options scene scene-structure report manifest http"
TARGETS=${*:-$ALL}
# --sanitize tells SwiftPM the executables get libFuzzer's main; -Xswiftc instruments the
# library modules of the parent package too (SwiftPM's flag covers only this package's targets).
build() {
    swift build -c release --build-path .build-fuzz --sanitize=fuzzer --sanitize=address "$@" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 | grep -E "error|warning: unre|Compiling fuzz|Build" || true
}
# Named targets build alone (only what they use); with none, everything builds.
if [ "$TARGETS" = "$ALL" ]; then build; else for t in $TARGETS; do build --product "fuzz-$t"; done; fi
BIN=$(swift build -c release --build-path .build-fuzz --show-bin-path)
mkdir -p Findings
export ASAN_OPTIONS=detect_leaks=0
status=0
for t in $TARGETS; do
    work=$(mktemp -d)
    echo "fuzz-$t: ${SECONDS_PER_TARGET}s"
    # New inputs go to a scratch folder, so the committed corpus only changes by hand.
    if ! "$BIN/fuzz-$t" "$work" "Corpus/$t" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=1024 -detect_leaks=0 \
        -max_len=65536 -artifact_prefix="Findings/$t-" -print_final_stats=1 > "$work.log" 2>&1; then
        tail -40 "$work.log"
        status=1
    else
        grep -E "stat::number_of_executed_units|stat::new_units_added" "$work.log" | sed "s/^/  /"
    fi
    rm -rf "$work" "$work.log"
done
exit $status
