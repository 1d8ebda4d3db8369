import socket

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def eager_tasks(settings):
    """Unit tests run Celery tasks in-process; the fault and worker tests turn this off."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.SITE_URL = "https://ttr.example"


@pytest.fixture(autouse=True)
def nobody_seen():
    """Who looked at which game lives in the cache, which outlives a test's database."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """`with committed(): ...` runs the on-commit callbacks (the mail queueing) at the end,
    as a real commit would; the test's own transaction stays open around it."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def closed_port() -> int:
    """A local port nothing listens on: connecting to it is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Broker:
    """Points the Celery app's publishing at a dead Redis and back."""

    def __init__(self, settings):
        self.settings = settings
        self.real_url = settings.CELERY_BROKER_URL

    @staticmethod
    def _forget_connections():
        from ttr_site.celery import app

        app._pool = None
        app.amqp._producer_pool = None

    def down(self):
        self.settings.CELERY_TASK_ALWAYS_EAGER = False
        self.settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port()}/0"
        self._forget_connections()

    def back_in_process(self):
        """The broker is back and tasks run here (eagerly), as a worker would run them."""
        self.settings.CELERY_BROKER_URL = self.real_url
        self.settings.CELERY_TASK_ALWAYS_EAGER = True
        self._forget_connections()


@pytest.fixture
def broker(settings):
    switch = Broker(settings)
    yield switch
    switch._forget_connections()


class MailServer:
    """Switches the mail server between refusing connections (Django's real SMTP backend
    against a closed port) and working (mail lands in django.core.mail.outbox)."""

    def __init__(self, settings):
        self.settings = settings

    def refuse(self):
        self.settings.MAILERS = {
            "default": {
                "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "OPTIONS": {
                    "host": "127.0.0.1",
                    "port": closed_port(),
                    "use_tls": False,
                    "timeout": 2,
                },
            }
        }

    def back(self):
        self.settings.MAILERS = {
            "default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}
        }


@pytest.fixture
def mail_server(settings):
    return MailServer(settings)


@pytest.fixture
def smtp_refusing(mail_server):
    """The mail server refuses from the start; call the returned function to bring it back."""
    mail_server.refuse()
    return mail_server.back
