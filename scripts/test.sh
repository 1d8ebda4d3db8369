#!/usr/bin/env bash
# `make test`: ruff (lint and format) and mypy, then the whole suite: in parallel on TEST_WORKERS
# processes (2 by default, one a core of the 2-core machine CI runs on), each with its own
# test database, the Chromium tests one group on one worker (their `xdist_group` mark);
# then, in one process, the `serial` tests, which start the site's processes or a Celery
# worker and time them. `TEST_WORKERS=0` runs the first part in one process too.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv}"
scripts/ensure_chromium.sh
"$VENV/bin/ruff" check .
"$VENV/bin/ruff" format --check .
scripts/typecheck.sh
# The documentation builds, every link and anchor checked (about 2 s).
NO_MKDOCS_2_WARNING=1 "$VENV/bin/mkdocs" build --strict --quiet
# Exit status 5 is "no test selected": a part may have none among the tests asked for.
pytest_part() { "$VENV/bin/python" -m pytest "$@" || [ $? -eq 5 ]; }
pytest_part -n "${TEST_WORKERS:-2}" --dist loadgroup -m "not serial" --durations=15 "$@"
pytest_part -n 0 -m serial "$@"
