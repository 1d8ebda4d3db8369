import pytest


@pytest.fixture(autouse=True)
def eager_tasks(settings):
    """Unit tests run Celery tasks in-process; the fault and worker tests turn this off."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.SITE_URL = "https://ttr.example"


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """`with committed(): ...` runs the on-commit callbacks (the mail queueing) at the end,
    as a real commit would; the test's own transaction stays open around it."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
