#!/usr/bin/env bash
# `make test`: ruff (lint and format), then the whole suite in parallel: TEST_WORKERS processes
# (2 by default, one a core of the 2-core machine CI runs on), each with its own test database.
# Tests that start the site's processes, or drive Chromium, run one group to a worker
# (their `xdist_group` marks), so no two of them run at once. `TEST_WORKERS=0` runs in one.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv}"
scripts/ensure_chromium.sh
"$VENV/bin/ruff" check .
"$VENV/bin/ruff" format --check .
"$VENV/bin/python" -m pytest -n "${TEST_WORKERS:-2}" --dist loadgroup "$@"
