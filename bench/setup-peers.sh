#!/usr/bin/env bash
# Installs the peers `make bench` compares against: Skia, cairo, Kiwi, FreeType, HarfBuzz (Python, in ~/peers),
# ffmpeg, gifsicle, ImageMagick and giflib (Debian packages).
set -euo pipefail
if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg gifsicle imagemagick giflib-tools time \
    fonts-dejavu-core libcairo2-dev pkg-config python3-venv >/dev/null
# bench/svg.sh: librsvg's rsvg-convert and headless Chromium as the SVG references.
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq librsvg2-bin chromium >/dev/null
python3 -m venv "$HOME/peers"
"$HOME/peers/bin/pip" install -q skia-python pycairo kiwisolver freetype-py uharfbuzz pillow numpy scikit-image imagequant
