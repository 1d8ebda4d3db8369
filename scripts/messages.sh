#!/usr/bin/env bash
# Refresh the translation catalogs of one part of the site (or all), then compile them.
# Each part keeps its own catalog, so one part's strings never rewrite another's:
#   games      games/*.py                         -> games/locale/
#   accounts   accounts/*.py                      -> accounts/locale/
#   table      templates/games/                   -> templates/games/locale/
#   site       the other templates, ttr_site, JS  -> locale/
# Usage: scripts/messages.sh [games|accounts|table|site|all]
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${VENV:-.venv}/bin/python"
part="${1:-all}"
langs=(-l nl -l sv -l fr)
always_ignored=(--ignore 'tests/*' --ignore 'scripts/*' --ignore 'deploy/*' --ignore 'staticfiles/*' --ignore 'var/*')
site_templates=(account accounts app emails errors api ratings unsubscribe includes clubs)

ignore_except() {
  local keep="$1" args=()
  # A pattern ending in /* also matches any directory of that name (templates/games), so
  # the apps' code is ignored by file pattern.
  [ "$keep" = games ] || args+=(--ignore 'games/*.py')
  [ "$keep" = accounts ] || args+=(--ignore 'accounts/*.py')
  [ "$keep" = table ] || args+=(--ignore 'templates/games/*')
  if [ "$keep" != site ]; then
    args+=(--ignore 'ttr_site/*.py' --ignore 'static/*.js' --ignore 'templates/base.html' --ignore 'templates/home.html')
    for t in "${site_templates[@]}"; do args+=(--ignore "templates/$t/*"); done
  fi
  printf '%s\n' "${args[@]}"
}

run_part() {
  mapfile -t ignores < <(ignore_except "$1")
  "$PY" manage.py makemessages "${langs[@]}" "${always_ignored[@]}" "${ignores[@]}"
  if [ "$1" = site ]; then
    "$PY" manage.py makemessages -d djangojs "${langs[@]}" "${always_ignored[@]}" "${ignores[@]}"
  fi
}

if [ "$part" = all ]; then
  for p in games accounts table site; do run_part "$p"; done
else
  run_part "$part"
fi
"$PY" manage.py compilemessages --ignore '.venv' >/dev/null
