"""manage.py works on a checkout that has never run collectstatic, with DEBUG off and no
SECRET_KEY in the shell, as docs/running.md writes its commands."""

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import override_settings

ROOT = Path(__file__).resolve().parent.parent


def test_the_urls_load_before_collectstatic_with_manifest_storage(tmp_path):
    manifest = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    import ttr_site.urls

    try:
        with override_settings(STORAGES=manifest, STATIC_ROOT=tmp_path, DEBUG=False):
            importlib.reload(ttr_site.urls)  # raised ValueError: no manifest entry
    finally:
        importlib.reload(ttr_site.urls)


@pytest.mark.slow  # the documented commands, as processes: CI runs it, `make test-fast` does not
def test_readme_commands_run_on_a_local_checkout_without_debug_or_secret_key(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DEBUG", "SECRET_KEY", "DJANGO_SETTINGS_MODULE"}
    }
    env |= {"VAR_DIR": str(tmp_path), "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}

    def manage(*args):
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    migrate = manage("migrate", "--noinput", "-v", "0")
    assert migrate.returncode == 0, migrate.stderr
    check = manage("rebuild_ratings", "--check")
    assert check.returncode == 0, check.stderr
    assert "stored ratings match exactly" in check.stdout


def test_serving_still_requires_a_secret_key_when_debug_is_off():
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    env["DJANGO_SETTINGS_MODULE"] = "ttr_site.settings"
    served = subprocess.run(
        [sys.executable, "-c", "import ttr_site.wsgi"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert served.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in served.stderr
