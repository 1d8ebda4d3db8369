"""gunicorn's settings for every way the site is served: `make run`, the systemd unit, the
two-host test and the load benchmark. Each setting can be changed from the environment.

gthread workers: each worker process runs WEB_THREADS request threads, so a request
waiting on PostgreSQL does not hold a whole process, and a worker that stops answering
for WEB_TIMEOUT seconds is killed and replaced by the master.
"""

import os


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


bind = os.environ.get("BIND") or f"127.0.0.1:{os.environ.get('PORT', '8000')}"
worker_class = "gthread"
workers = int(os.environ.get("WEB_WORKERS", "2"))
threads = int(os.environ.get("WEB_THREADS", "4"))
timeout = int(os.environ.get("WEB_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("WEB_GRACEFUL_TIMEOUT", "10"))
keepalive = 5
# gunicorn's control socket is one path per user: a second server on the machine (two app
# hosts, the load benchmark) would take it over from the first. Nothing here uses it.
control_socket_disable = True
# Auto-reload on code changes only when asked for (RELOAD=1 make run): it costs a watcher.
reload = _flag("RELOAD")
accesslog = "-" if _flag("ACCESS_LOG") else None
errorlog = "-"
loglevel = os.environ.get("WEB_LOG_LEVEL", "info")
# The proxy in front (docs/running.md, "Run it for real") sets X-Forwarded-Proto; Django reads
# it through SECURE_PROXY_SSL_HEADER. gunicorn itself trusts forwarded headers only from
# these addresses.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
