#!/usr/bin/env bash
# `make run`: migrate, then the web server (gunicorn, as in production), the stream server
# (uvicorn), the Celery worker and beat under one process runner. RELOAD=1 reloads the web server on code changes.
# Starts a private Redis under var/ when none answers at REDIS_URL.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBUG="${DEBUG:-true}"
export ACCESS_LOG="${ACCESS_LOG:-true}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/0}"
PORT="${PORT:-8000}"
# The open pages' event streams (ttr_site/stream.py) on a port of their own: with no proxy in
# front here, the pages reach it there (LIVE_STREAM_ORIGIN; deploy/nginx.conf routes the
# stream path to it on the site's own address).
STREAM_PORT="${STREAM_PORT:-$((PORT + 1))}"
export LIVE_STREAM_ORIGIN="${LIVE_STREAM_ORIGIN:-http://127.0.0.1:$STREAM_PORT}"
export SITE_URL="${SITE_URL:-http://127.0.0.1:$PORT}"
VENV="${VENV:-.venv}"
mkdir -p var/mail var/redis

"$VENV/bin/python" manage.py migrate --noinput
"$VENV/bin/python" manage.py collectstatic --noinput -v 0

procfile=var/Procfile
{
  echo "web: PORT=$PORT $VENV/bin/gunicorn -c deploy/gunicorn.conf.py ttr_site.wsgi"
  echo "stream: $VENV/bin/uvicorn ttr_site.stream:application --host 127.0.0.1 --port $STREAM_PORT --loop uvloop --http httptools --no-access-log --timeout-graceful-shutdown 5"
  # Worker and beat are started again if they exit on their own (as systemd does for real).
  echo "worker: $VENV/bin/python -m ttr_site.supervise $VENV/bin/celery -A ttr_site worker --loglevel=info --concurrency=2"
  echo "beat: $VENV/bin/python -m ttr_site.supervise $VENV/bin/celery -A ttr_site beat --loglevel=info --schedule=var/celerybeat-schedule"
} >"$procfile"

if ! "$VENV/bin/python" scripts/redis_ping.py "$REDIS_URL"; then
  if command -v redis-server >/dev/null 2>&1; then
    port=$("$VENV/bin/python" -c "from urllib.parse import urlsplit; print(urlsplit('$REDIS_URL').port or 6379)")
    echo "No Redis answers at $REDIS_URL: starting a private one under var/redis on port $port."
    echo "redis: redis-server --bind 127.0.0.1 --port $port --dir var/redis --save '' --appendonly no" >>"$procfile"
  else
    echo "No Redis answers at $REDIS_URL and redis-server is not installed." >&2
    echo "Install it (Debian/Ubuntu: sudo apt-get install redis-server) or set REDIS_URL, then run 'make run' again." >&2
    exit 1
  fi
fi

echo
echo "  Ticket to Ride is starting: open http://127.0.0.1:$PORT/"
echo "  Mails are written to var/mail/. Press Ctrl-C to stop everything."
echo
exec "$VENV/bin/honcho" -f "$procfile" start
