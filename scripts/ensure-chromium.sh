#!/usr/bin/env bash
# Browser tests use Debian's Chromium headless shell (package chromium-headless-shell: the same Blink
# without the desktop browser's windowing, about a third less CPU per journey; decision 0019), never
# `playwright install`. Installs it when missing and we can (root, or sudo without a password, with
# apt-get); otherwise says what to do. CHROMIUM_PATH overrides the browser (e.g. /usr/bin/chromium).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable." >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" != "0" ]; then sudo="sudo -n"; fi
if command -v apt-get >/dev/null 2>&1 && { [ -z "$sudo" ] || sudo -n true 2>/dev/null; }; then
  echo "Installing Debian chromium-headless-shell for the browser tests..."
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium-headless-shell >/dev/null
  exit 0
fi
echo "Chromium headless shell not found at $CHROMIUM. Install it (sudo apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH." >&2
exit 1
