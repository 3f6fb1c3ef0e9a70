# popping-render: the commands a newcomer runs are `make render` and `make test`.
SWIFT ?= swift
BIN := .build/release
DEMO ?= owl
OUT ?= out

.PHONY: all build deps test render renders goldens bench fonts clean schema fuzz

all: build

## Install the system libraries the build links against (libpng, zlib, libdeflate, libwebp, libcrypto) when they are missing.
deps:
	@if pkg-config --exists libpng libdeflate libwebpmux libwebpdemux libcrypto 2>/dev/null; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "installing libpng-dev zlib1g-dev libdeflate-dev libwebp-dev libssl-dev pkg-config" >&2; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libpng-dev zlib1g-dev libdeflate-dev libwebp-dev libssl-dev pkg-config >/dev/null; \
	elif command -v sudo >/dev/null 2>&1; then \
		sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libpng-dev zlib1g-dev libdeflate-dev libwebp-dev libssl-dev pkg-config; \
	else \
		echo "error: libpng, libdeflate, libwebp or libcrypto is missing; install libpng-dev, zlib1g-dev, libdeflate-dev, libwebp-dev and libssl-dev (Debian/Ubuntu) and run make again" >&2; exit 2; \
	fi

## A fully static executable (the Swift runtime, Foundation and the libpng, zlib, libdeflate,
## libwebp and libcrypto archives the -dev packages ship; not position-independent): ld.so has
## no libraries to load and no 100,000 relocations to apply, so `popping-render svg` takes about
## 40% less CPU than with only the Swift libraries static. The -dev packages `make deps` installs
## ship the archives on Debian and Ubuntu. (-lz again at the end: the static libpng needs zlib
## after it.)
build: deps
	$(SWIFT) build -c release --static-swift-stdlib -Xswiftc -static-executable -Xlinker -lz

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
	@for s in like toast refresh gradient shimmer; do \
		$(BIN)/popping-render Examples/Scenes/$$s.yaml --out Renders/$$s.gif --quiet || exit 1; \
	done

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
## Sources/Text/BundledFontData.swift from pinned PyPI packages (needs PyPI; see Assets/Fonts/README.md).
fonts:
	bash Assets/Fonts/make-fonts.sh

clean:
	rm -rf .build out
