# popping-render in a container, for CI jobs that should not build Swift every time:
#   docker build -t popping-render .                       (VIDEO=no: --build-arg VIDEO=no)
#   docker run --rm -v "$PWD:/work" -w /work popping-render check owl --goldens Tests/Goldens
# Multi-stage: Swift on Debian 12 builds; Debian 12 slim with only the runtime libraries runs.

FROM swift:6.3-bookworm AS build
ARG VIDEO=yes
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends make \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The development packages come from the Makefile's list for this VIDEO (`make deps`), so a
# VIDEO=no image does not install FFmpeg's headers it never compiles against. The Makefile is
# copied alone first so this layer is rebuilt only when the list changes.
COPY Makefile .
RUN make deps VIDEO=$VIDEO && rm -rf /var/lib/apt/lists/*
COPY . .
RUN make build VIDEO=$VIDEO \
 && make man completions VIDEO=$VIDEO \
 && make install PREFIX=/opt/popping-render VIDEO=$VIDEO

FROM debian:bookworm-slim
ARG VIDEO=yes
# The shared libraries the binary loads, FFmpeg's only when it was built with video
# (`make docker-check` compares these lists with `ldd` of the binary).
RUN packages="\
# RUNTIME_PACKAGES begin
      libpng16-16 libdeflate0 libwebp7 libwebpmux3 libwebpdemux2 libturbojpeg0 libssl3 libxxhash0 \
      libharfbuzz0b libfreetype6 libfribidi0 libunibreak1 libfontconfig1 \
# RUNTIME_PACKAGES end
# The faces `popping-render svg` finds through fontconfig as Chromium on Linux would (Liberation
# for Arial, Times New Roman and Courier New; DejaVu for the rest); scenes and check use only the
# bundled faces, so goldens do not depend on them.
      fontconfig fonts-dejavu-core fonts-liberation2 \
      " \
 && if [ "$VIDEO" != no ]; then packages="$packages \
# VIDEO_PACKAGES begin
      libavcodec59 libavformat59 libavutil57 libswscale6 \
# VIDEO_PACKAGES end
      "; fi \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $packages \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /opt/popping-render/ /usr/local/
COPY LICENSE THIRD_PARTY_NOTICES.md /usr/local/share/doc/popping-render/
ENTRYPOINT ["popping-render"]
