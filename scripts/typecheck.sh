#!/usr/bin/env bash
# mypy as pyproject.toml sets it ([tool.mypy]: strict on the engine, the bots and the
# services, the rest checked), its cache in .mypy_cache; says how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv}"
start=$SECONDS
"$VENV/bin/mypy"
echo "mypy took $((SECONDS - start)) s"
