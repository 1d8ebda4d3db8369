import runpy

from django.core.mail import EmailMultiAlternatives
from django.utils.module_loading import import_string

import ttr_site.settings

settings_file = ttr_site.settings.__file__
LONG_LINK = "http://127.0.0.1:8000/accounts/password/reset/key/" + "x" * 90 + "/"


def test_local_mail_files_keep_long_links_whole(settings, tmp_path):
    """A local player copies the reset link from var/mail/ as it stands."""
    settings.MAILERS = {
        "default": {
            "BACKEND": "ttr_site.mail_files.ReadableFileBackend",
            "OPTIONS": {"file_path": tmp_path},
        }
    }
    mail = EmailMultiAlternatives(
        "Reset your password",
        f"Follow {LONG_LINK} to choose a new one. Grüße",
        to=["ann@example.org"],
    )
    mail.attach_alternative("<p>Follow the link</p>", "text/html")
    assert mail.send() == 1
    [written] = list(tmp_path.iterdir())
    text = written.read_text(encoding="utf-8")
    assert written.suffix == ".txt"
    assert "Subject: Reset your password" in text
    assert "To: ann@example.org" in text
    assert LONG_LINK in text
    assert "Grüße" in text


def site_settings(monkeypatch, tmp_path, **environ) -> dict:
    """The settings module as a fresh process would read it from this environment."""
    monkeypatch.setenv("SECRET_KEY", "x" * 50)
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    for name in (
        "EMAIL_HOST",
        "EMAIL_PORT",
        "EMAIL_HOST_USER",
        "EMAIL_HOST_PASSWORD",
        "EMAIL_USE_TLS",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    # Run as a sibling module: the loaded settings stay untouched.
    return runpy.run_path(settings_file, run_name="ttr_site.settings_as_read")


def built(mailer: dict):
    """The backend Django would build from this MAILERS entry (unknown options fail)."""
    return import_string(mailer["BACKEND"])(alias="default", **mailer.get("OPTIONS", {}))


def test_without_an_smtp_host_mail_goes_to_readable_files_under_var(monkeypatch, tmp_path):
    found = site_settings(monkeypatch, tmp_path)
    backend = built(found["MAILERS"]["default"])
    assert type(backend).__name__ == "ReadableFileBackend"
    assert backend.file_path == str(tmp_path / "mail")
    assert not any(name.startswith("EMAIL_") for name in found)


def test_the_operators_email_variables_configure_the_smtp_mailer(monkeypatch, tmp_path):
    found = site_settings(
        monkeypatch,
        tmp_path,
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="2525",
        EMAIL_HOST_USER="ttr",
        EMAIL_HOST_PASSWORD="s3cret",
        EMAIL_USE_TLS="false",
    )
    backend = built(found["MAILERS"]["default"])
    assert (backend.host, backend.port, backend.username, backend.password) == (
        "smtp.example.org",
        2525,
        "ttr",
        "s3cret",
    )
    assert backend.use_tls is False
    assert not any(name.startswith("EMAIL_") for name in found)


def test_an_smtp_host_alone_means_tls_on_the_submission_port(monkeypatch, tmp_path):
    found = site_settings(monkeypatch, tmp_path, EMAIL_HOST="smtp.example.org")
    backend = built(found["MAILERS"]["default"])
    assert (backend.port, backend.use_tls, backend.timeout) == (587, True, 20)
