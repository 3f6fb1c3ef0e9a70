# popping-render: the commands a newcomer runs are `make render` and `make test`.
SWIFT ?= swift
BIN := .build/release
DEMO ?= owl
OUT ?= out

.PHONY: all build deps test render renders goldens bench fonts icons clean schema fuzz install uninstall man completions docker docker-check

all: build

## VIDEO=no builds without FFmpeg's libraries: no .mp4/.webm outputs and no GPL libx264 in the
## binary (see THIRD_PARTY_NOTICES.md). Package.swift reads it.
VIDEO ?= yes
export VIDEO
ifeq ($(VIDEO),no)
DEV_PACKAGES := libpng-dev zlib1g-dev libdeflate-dev libwebp-dev libturbojpeg0-dev libssl-dev libxxhash-dev libharfbuzz-dev libfribidi-dev libunibreak-dev libfontconfig-dev pkg-config
PC_MODULES := libpng libdeflate libwebpmux libwebpdemux libturbojpeg libcrypto libxxhash harfbuzz fribidi libunibreak fontconfig
else
DEV_PACKAGES := libpng-dev zlib1g-dev libdeflate-dev libwebp-dev libturbojpeg0-dev libssl-dev libxxhash-dev libharfbuzz-dev libfribidi-dev libunibreak-dev libfontconfig-dev libavcodec-dev libavformat-dev libavutil-dev libswscale-dev pkg-config
PC_MODULES := libpng libdeflate libwebpmux libwebpdemux libturbojpeg libcrypto libxxhash harfbuzz fribidi libunibreak fontconfig libavcodec libavformat libavutil libswscale
endif

## Install the system libraries the build links against (libpng, zlib, libdeflate, libwebp, libturbojpeg, libcrypto, xxHash, HarfBuzz, FriBidi, libunibreak, fontconfig, and FFmpeg's
## libavcodec, libavformat, libavutil and libswscale unless VIDEO=no) when they are missing.
deps:
	@if pkg-config --exists $(PC_MODULES) 2>/dev/null; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "installing $(DEV_PACKAGES)" >&2; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEV_PACKAGES) >/dev/null; \
	elif command -v sudo >/dev/null 2>&1; then \
		sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEV_PACKAGES); \
	else \
		echo "error: a library the build links is missing; install $(DEV_PACKAGES) (Debian/Ubuntu) and run make again" >&2; exit 2; \
	fi

## The Swift runtime and Foundation are linked statically, so the binary runs where Swift is not
## installed; the system libraries are shared, with video or without. A fully static executable
## cannot be made on Debian: it ships no static HarfBuzz or libunibreak, and HarfBuzz loads the
## shared libpng and zlib through FreeType anyway, so static copies of the libraries that do have
## archives would put a second libpng and zlib into the process. The Dockerfile's runtime stage
## installs exactly the shared libraries `ldd` lists (`make docker-check` compares the two).
LINK_FLAGS := --static-swift-stdlib
build: deps
	$(SWIFT) build -c release $(LINK_FLAGS)

## Runs every unit, property and golden-frame test. Never records goldens.
test: deps
	RECORD_GOLDENS= $(SWIFT) test --parallel

## Renders the front-door demo to out/$(DEMO).gif.
render: build
	@mkdir -p $(OUT)
	$(BIN)/popping-render $(DEMO) --out $(OUT)/$(DEMO).gif

## Re-records every golden frame deliberately; review the changed PNGs before committing.
goldens: deps
	RECORD_GOLDENS=1 $(SWIFT) test

## Regenerates the GIFs, APNGs, WebPs and contact sheets the README shows.
renders: build
	@mkdir -p Renders
	@for d in $$($(BIN)/popping-render list --names); do \
		$(BIN)/popping-render $$d --out Renders/$$d.gif --quiet || exit 1; \
		$(BIN)/popping-render $$d --out Renders/$$d-sheet.png --quiet || exit 1; \
		$(BIN)/popping-render $$d --out Renders/$$d.apng --scale 1 --fps 30 --quiet || exit 1; \
		$(BIN)/popping-render $$d --out Renders/$$d.webp --scale 1 --quiet || exit 1; \
	done
	@for s in like toast refresh gradient shimmer flip; do \
		$(BIN)/popping-render Examples/Scenes/$$s.yaml --out Renders/$$s.gif --quiet || exit 1; \
	done
	$(BIN)/popping-render Examples/Scenes/modern.yaml --out Renders/modern.gif --scale 1 --quiet
	$(BIN)/popping-render Examples/Scenes/modern.yaml --out Renders/modern-dark.gif --scale 1 --appearance dark --quiet
	$(BIN)/popping-render Examples/Scenes/material.yaml --out Renders/material.gif --scale 1 --quiet
	$(BIN)/popping-render Examples/Scenes/material.yaml --out Renders/material-dark.gif --scale 1 --appearance dark --quiet
	@# The sign-in screen in every variant at one moment, tiled by ImageMagick's montage.
	@rm -rf .build/variants
	$(BIN)/popping-render Examples/Scenes/signin.yaml --variants "$(SIGNIN_MATRIX)" --frames 130..130 --scale 1 --out .build/variants/signin --quiet
	@command -v montage >/dev/null 2>&1 || { echo "installing imagemagick (its montage tiles the sheet)" >&2; \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq imagemagick >/dev/null; \
		else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq imagemagick; fi; }
	montage $(foreach n,$(SIGNIN_CELLS),-label $(n) .build/variants/$(n)/frame-0000.png) -tile 4x -geometry +12+12 \
		-pointsize 14 -background '#f4f4f4' Renders/signin-variants.png

SIGNIN_MATRIX := appearance=light,dark; content-size=large,accessibilityExtraLarge; locale=en,ar
SIGNIN_CELLS := signin signin-ar signin-accessibilityExtraLarge signin-accessibilityExtraLarge-ar \
	signin-dark signin-dark-ar signin-dark-accessibilityExtraLarge signin-dark-accessibilityExtraLarge-ar

## Regenerates the scene files' JSON Schema from the types they decode into.
schema: build
	$(BIN)/popping-render schema > Schemas/scene.schema.json.tmp && mv Schemas/scene.schema.json.tmp Schemas/scene.schema.json

## Benchmarks against the peers; bench/setup-peers.sh installs them on first use (a venv in .build/peers).
bench: build
	bash bench/run.sh

## Fuzzes every parser of user bytes for FUZZ_SECONDS each (default 10 minutes); see Fuzz/README.md.
FUZZ_SECONDS ?= 600
fuzz:
	Fuzz/run.sh $(FUZZ_SECONDS)

## Regenerates the bundled faces (Nunito Sans for the demos, Inter at nine weights for the system font) and
## Sources/Text/BundledFonts/ from pinned PyPI packages (needs PyPI; see Assets/Fonts/README.md).
fonts:
	bash Assets/Fonts/make-fonts.sh

## Installs the binary, the demos' art (read when the source tree is gone), its man page (made from
## --help) and bash, zsh and fish completions under
## PREFIX (default /usr/local; DESTDIR for packaging): `make install PREFIX=$$HOME/.local`.
PREFIX ?= /usr/local
install: build man completions
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN)/popping-render $(DESTDIR)$(PREFIX)/bin/popping-render
	install -d $(DESTDIR)$(PREFIX)/share/popping-render/Assets/Owl
	install -m 644 Assets/Owl/*.svg $(DESTDIR)$(PREFIX)/share/popping-render/Assets/Owl/
	install -m 644 .build/share/popping-render.1 $(DESTDIR)$(PREFIX)/share/man/man1/popping-render.1
	install -m 644 .build/share/popping-render.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/popping-render
	install -m 644 .build/share/_popping-render $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_popping-render
	install -m 644 .build/share/popping-render.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/popping-render.fish

## Removes what `make install` put under PREFIX.
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/popping-render $(DESTDIR)$(PREFIX)/share/man/man1/popping-render.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/popping-render \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_popping-render \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/popping-render.fish
	rm -rf $(DESTDIR)$(PREFIX)/share/popping-render

## The man page, generated from the built binary's --help and each subcommand's help.
man:
	@mkdir -p .build/share
	sh Scripts/manpage.sh $(BIN)/popping-render > .build/share/popping-render.1

## Shell completions, as swift-argument-parser generates them from the commands' options.
completions:
	@mkdir -p .build/share
	$(BIN)/popping-render --generate-completion-script bash > .build/share/popping-render.bash
	$(BIN)/popping-render --generate-completion-script zsh > .build/share/_popping-render
	$(BIN)/popping-render --generate-completion-script fish > .build/share/popping-render.fish

## The container image (multi-stage: Swift on Debian 12 builds, Debian slim runs): `docker run --rm
## -v "$$PWD:/work" -w /work popping-render check …`.
docker:
	docker build -t popping-render .

## Where Docker cannot run: checks that the Dockerfile's runtime stage installs exactly the Debian
## packages that hold the libraries `ldd` lists for the built binary (FFmpeg's only unless VIDEO=no).
docker-check: build
	sh Scripts/docker-runtime-check.sh $(BIN)/popping-render Dockerfile

## Regenerates the symbol images (`image: symbol:heart.fill`) from Debian's bootstrap-icons, pinned (MIT licence).
icons:
	bash Assets/Icons/make-icons.sh

clean:
	rm -rf .build out
