"""The Celery app: Redis at REDIS_URL is the broker; the tasks live in games/heartbeat/tasks.py,
which the games app imports when it is ready."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ttr_site.settings")

app = Celery("ttr_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
