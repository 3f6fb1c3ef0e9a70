#!/usr/bin/env python3
"""Latency of `popping-render studio`: from a save of a scene to the changed frame painted in the page.

Starts the studio on a copy of a scene, opens it in headless Chromium (DevTools protocol over a pipe),
then saves the scene SAVES times, each time with a different background colour, and waits for the page
to report that it painted the frame of the new render. The page stamps the paint with Date.now() in the
animation frame after it drew the image; the save is stamped with the same wall clock just before the
file is replaced, so the difference is the whole path: noticing the save, loading and checking the
scene, rendering the frame in view, sending it, decoding and drawing it.

    bench/studio_latency.py BINARY SCENE [--scale N] [--saves N] [--screenshot PNG]

Prints `studio latency at Nx: median M ms, p95 P ms over K saves`. Each wait is bounded (60 s); the
script stops by itself.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time


class Chromium:
    """Headless Chromium driven over --remote-debugging-pipe (NUL-ended JSON, fds 3 and 4)."""

    def __init__(self, width=1280, height=960):
        path = next(p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome") if os.path.exists(p))
        self.profile = tempfile.mkdtemp(prefix="studio-chromium-")
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def fds():
            # Moved above 4 first, so dup2 never maps a descriptor onto itself (which would keep close-on-exec).
            high_r, high_w = os.dup(to_r) if to_r > 4 else os.dup2(to_r, 10), os.dup(from_w) if from_w > 4 else os.dup2(from_w, 11)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.process = subprocess.Popen(
            [path, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "--no-first-run", "--hide-scrollbars", "about:blank"],
            preexec_fn=fds, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.buffer = b""
        self.next_id = 0
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t["targetId"] for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", {"targetId": page, "flatten": True})["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
                  session=True)
        self.call("Page.enable", session=True)

    def call(self, method, params=None, session=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self.to_w, json.dumps(message).encode() + b"\0")
        deadline = time.time() + 60
        while True:
            while b"\0" not in self.buffer:
                if time.time() > deadline:
                    raise RuntimeError(f"Chromium did not answer {method}")
                chunk = os.read(self.from_r, 1 << 16)
                if not chunk:
                    raise RuntimeError("Chromium exited")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, session=True)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def wait_until(self, condition, seconds=60):
        """Waits for a state of the page (checked every 5 ms inside the page), at most `seconds`."""
        return self.evaluate(f"""new Promise((resolve, reject) => {{
            const end = Date.now() + {seconds * 1000};
            const check = () => {{ const v = ({condition}); if (v) resolve(v); else if (Date.now() > end) reject('timed out');
                                   else setTimeout(check, 5); }};
            check(); }})""")

    def open(self, url):
        self.call("Page.navigate", {"url": url}, session=True)
        self.wait_until("document.readyState === 'complete'")

    def screenshot(self, path):
        import base64
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            os.write(self.to_w, json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def start_studio(binary, scene, extra=()):
    process = subprocess.Popen([binary, "studio", scene, "--port", "0", *extra], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
    line = process.stdout.readline()
    url = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if not url:
        process.kill()
        raise RuntimeError(f"the studio printed {line!r}")
    return process, url.group(0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("scene")
    parser.add_argument("--scale", type=int, default=1)
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--screenshot")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="studio-bench-")
    source_folder = os.path.dirname(os.path.abspath(args.scene))
    for entry in os.listdir(source_folder):
        src = os.path.join(source_folder, entry)
        (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, os.path.join(folder, entry))
    scene = os.path.join(folder, os.path.basename(args.scene))
    original = open(scene).read()
    studio, url = start_studio(args.binary, scene)
    browser = Chromium()
    try:
        browser.open(url + "#t=1.5")
        browser.evaluate(f"fetch('/options?scale={args.scale}', {{method: 'POST'}}).then(() => true)")
        browser.wait_until(f"studio.painted && studio.state.render.scale === {args.scale} && studio.painted.render === studio.state.render.id")
        latencies = []
        for i in range(args.saves):
            before = browser.evaluate("studio.painted.render")
            colour = "#%02X%02X%02X" % (40 + 9 * i, 200 - 7 * i, 120 + 5 * i)
            text = re.sub(r'backgroundColor: "#9AD1F5"', f'backgroundColor: "{colour}"', original, count=1)
            if text == original:
                text = original + f"\n# save {i}\n"
            temporary = scene + ".saving"
            with open(temporary, "w") as f:
                f.write(text)
            saved = time.time() * 1000
            os.replace(temporary, scene)
            painted = browser.wait_until(f"studio.painted.render !== {json.dumps(before)} && studio.painted.frame === 90 && studio.painted")
            latencies.append(painted["at"] - saved)
            # Let the render in the background finish before the next save, as a person pauses between saves.
            browser.wait_until("!studio.state.busy")
        if args.screenshot:
            # The scene as written, at 1.5 s, with the inspector on the like button's heart.
            before = browser.evaluate("studio.painted.render")
            with open(scene, "w") as f:
                f.write(original)
            browser.wait_until(f"studio.painted.render !== {json.dumps(before)} && !studio.state.busy")
            corner = browser.evaluate("(r => [r.left, r.top])(document.getElementById('frame').getBoundingClientRect())")
            browser.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": corner[0] + 30, "y": corner[1] + 469}, session=True)
            browser.wait_until("document.getElementById('view-id').textContent === 'filledHeart'")
            browser.screenshot(args.screenshot)
        latencies.sort()
        median = latencies[len(latencies) // 2] if len(latencies) % 2 else (latencies[len(latencies) // 2 - 1] + latencies[len(latencies) // 2]) / 2
        p95 = latencies[min(len(latencies) - 1, int(round(0.95 * (len(latencies) - 1))))]
        print(f"studio latency at {args.scale}x: median {median:.0f} ms, p95 {p95:.0f} ms over {len(latencies)} saves "
              f"(min {latencies[0]:.0f}, max {latencies[-1]:.0f})")
    finally:
        browser.close()
        studio.send_signal(signal.SIGINT)
        studio.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
