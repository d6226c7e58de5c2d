#!/usr/bin/env bash
# Browser tests use Debian's Chromium (never `playwright install`). Installs it when missing and we
# can (root with apt-get); otherwise says what to do.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found at $CHROMIUM. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
