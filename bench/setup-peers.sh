#!/usr/bin/env bash
# Installs the peers `make bench` compares against, from the package registries only:
#   Python (a venv in $PEERS_DIR, default .build/peers): skia-python, pycairo, blend2d-python, kiwisolver,
#     freetype-py, uharfbuzz, pillow, numpy, resvg-py (resvg as a library)
#   Debian: five icon themes (bench/svg_world.py's real-world SVG files), ffmpeg, gifsicle, apngasm, img2webp (webp), ImageMagick, rsvg-convert, Chromium, GNU time, valgrind (profiles),
#     DejaVu fonts, cairo headers (pycairo builds against them)
# Idempotent: a venv that already imports every peer is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
PEERS=${PEERS_DIR:-.build/peers}
PY="$PEERS/bin/python"
MODULES="skia cairo blend2d kiwisolver freetype uharfbuzz PIL numpy resvg_py"

if [ -x "$PY" ] && "$PY" -c "import $(echo $MODULES | tr ' ' ',')" 2>/dev/null; then
    echo "peers ready in $PEERS" >&2
    exit 0
fi
if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
missing=
for pkg in ffmpeg gifsicle time fonts-dejavu-core libcairo2-dev pkg-config python3-venv python3-dev \
           apngasm webp imagemagick librsvg2-bin chromium valgrind \
           papirus-icon-theme breeze-icon-theme elementary-icon-theme tango-icon-theme adwaita-icon-theme \
           bootstrap-icons inkscape-tutorials openclipart-svg fonts-liberation2 fonts-dejavu-extra fontconfig; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
    echo "installing$missing" >&2
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
python3 -m venv "$PEERS"
"$PEERS/bin/pip" install -q --upgrade pip
"$PEERS/bin/pip" install -q skia-python pycairo blend2d-python kiwisolver freetype-py uharfbuzz pillow numpy resvg-py
"$PY" -c "import $(echo $MODULES | tr ' ' ',')"
echo "peers ready in $PEERS" >&2
