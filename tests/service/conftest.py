import subprocess

import pytest
from app_processes import BIN, ROOT, processes  # noqa: F401  (fixtures for this folder's tests)
from private_redis import private_redis  # noqa: F401


@pytest.fixture(scope="session", autouse=True)
def _collected_static():
    """The app hosts run with DEBUG off, where pages name static files by their hashed names:
    collect them first, as a deployment does (`make run` does the same)."""
    subprocess.run(
        [str(BIN / "python"), "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "DEBUG": "false", "SECRET_KEY": "collectstatic-only"},
        check=True,
    )
