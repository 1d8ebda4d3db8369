#!/usr/bin/env bash
# The browser test drives Debian's Chromium; install it when missing and we are allowed to.
set -u
command -v chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser test..."
  (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || echo "chromium could not be installed; the browser test will say so." >&2
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  (sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null) || true
else
  echo "chromium is not installed (sudo apt-get install chromium); the browser test will be skipped." >&2
fi
exit 0
