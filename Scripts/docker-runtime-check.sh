#!/bin/sh
# Checks the Dockerfile's runtime stage where Docker cannot run: the Debian packages it installs
# must be exactly the packages that hold the shared libraries `ldd` lists for the built binary,
# and those of the FFmpeg libraries it loads itself (dpkg -S maps each library to its package), so the image neither misses a library nor carries
# one the binary does not load. The packages between the VIDEO_PACKAGES markers count only for a
# binary built with video (VIDEO unset or not `no`, as the Makefile exports it). Exits 1 naming
# the difference.
# usage: [VIDEO=no] Scripts/docker-runtime-check.sh PATH/TO/popping-render [Dockerfile]
set -eu
BIN=$1
DOCKERFILE=${2:-Dockerfile}
# Packages listed between a section's markers (NAME begin, NAME end) in the runtime stage.
section() {
    sed -n "/# $1 begin/,/# $1 end/p" "$DOCKERFILE" \
        | grep -v '#' | tr ' \\' '\n\n' | grep -E '^[a-z0-9][a-z0-9.+-]+$' || true
}
listed=$(section RUNTIME_PACKAGES)
[ "${VIDEO:-yes}" = no ] || listed=$(printf '%s\n%s\n' "$listed" "$(section VIDEO_PACKAGES)")
listed=$(printf '%s\n' "$listed" | sed '/^$/d' | sort -u)
# The base image's own packages (libc6 and what it needs) are there already and not listed.
base="libc6 libgcc-s1 libstdc++6 zlib1g"
# FFmpeg's libraries and libcrypto are loaded by the binary itself on first use (dlopen,
# Sources/CFFmpeg, Sources/CLibCrypto), so ldd does not list them: their sonames are read from the
# binary's strings, their paths from ldconfig, and they count as named by the binary, with what
# they load in turn.
loaded=$(strings -a "$BIN" | grep -E '^lib(avutil|swscale|avcodec|avformat|crypto)\.so\.[0-9]+$' | sort -u | while read -r soname; do
    ldconfig -p | sed -n "s/^[[:space:]]*$soname (.*) => \(\/.*\)$/\1/p" | head -n 1
done)
needed=$( { ldd "$BIN"; for lib in $loaded; do echo " x => $lib (0)"; ldd "$lib"; done; } \
    | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p' | sort -u | while read -r lib; do
    real=$(readlink -f "$lib")
    dpkg -S "$lib" 2>/dev/null || dpkg -S "$real" 2>/dev/null || dpkg -S "/usr$lib" 2>/dev/null || echo "unknown: $lib"
done | sed 's/:.*//' | sort -u)
# Libraries pulled in by another library (libx264 by libavcodec) come with their package's
# dependencies; only the libraries the binary itself names (NEEDED) must be listed.
direct=$( { objdump -p "$BIN" | sed -n 's/^ *NEEDED *//p' | while read -r soname; do
    ldd "$BIN" | sed -n "s/^[[:space:]]*$soname => \(\/[^ ]*\) .*/\1/p"
done; printf '%s\n' $loaded; } | while read -r path; do
    [ -n "$path" ] || continue
    dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null || dpkg -S "/usr$path" 2>/dev/null
done | sed 's/:.*//' | sort -u)
status=0
for pkg in $direct; do
    case " $base " in *" $pkg "*) continue ;; esac
    printf '%s\n' "$listed" | grep -qx "$pkg" || { echo "$DOCKERFILE: runtime stage lacks $pkg (the binary links it)"; status=1; }
done
for pkg in $listed; do
    printf '%s\n' "$needed" | grep -qx "$pkg" || { echo "$DOCKERFILE: runtime stage installs $pkg, which the binary does not load"; status=1; }
done
printf '%s\n' "$needed" | grep '^unknown' && status=1
[ $status = 0 ] && echo "$DOCKERFILE: runtime packages match ldd of $BIN ($(printf '%s\n' "$listed" | wc -l) packages)"
exit $status
