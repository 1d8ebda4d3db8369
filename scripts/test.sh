#!/usr/bin/env bash
# `make test`: ruff (lint and format), then the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv}"
scripts/ensure_chromium.sh
"$VENV/bin/ruff" check .
"$VENV/bin/ruff" format --check .
"$VENV/bin/python" -m pytest "$@"
