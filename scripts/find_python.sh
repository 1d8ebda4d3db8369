#!/usr/bin/env bash
# Prints the path of a Python 3.12+ interpreter: from PATH first, then from pyenv.
set -u
ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; }
for name in python3.13 python3.12 python3 python; do
  path=$(command -v "$name" 2>/dev/null) || continue
  if ok "$path"; then echo "$path"; exit 0; fi
done
root=$(pyenv root 2>/dev/null || echo "${PYENV_ROOT:-$HOME/.pyenv}")
for path in $(ls -d "$root"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do
  if ok "$path"; then echo "$path"; exit 0; fi
done
echo "No Python 3.12 or newer found. Install it (Debian/Ubuntu: sudo apt-get install python3 python3-venv) and try again." >&2
exit 1
