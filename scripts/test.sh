#!/usr/bin/env bash
# `make test`: the whole suite, then ruff.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv}"
scripts/ensure_chromium.sh
"$VENV/bin/ruff" check .
"$VENV/bin/python" -m pytest "$@"
