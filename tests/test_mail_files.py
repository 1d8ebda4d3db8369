from django.core.mail import EmailMultiAlternatives, get_connection

LONG_LINK = "http://127.0.0.1:8000/accounts/password/reset/key/" + "x" * 90 + "/"


def test_local_mail_files_keep_long_links_whole(tmp_path):
    """A local player copies the reset link from var/mail/ as it stands."""
    connection = get_connection("ttr_site.mail_files.ReadableFileBackend", file_path=tmp_path)
    mail = EmailMultiAlternatives(
        "Reset your password", f"Follow {LONG_LINK} to choose a new one. Grüße",
        to=["ann@example.org"], connection=connection,
    )
    mail.attach_alternative("<p>Follow the link</p>", "text/html")
    mail.send()
    [written] = list(tmp_path.iterdir())
    text = written.read_text(encoding="utf-8")
    assert written.suffix == ".txt"
    assert "Subject: Reset your password" in text
    assert "To: ann@example.org" in text
    assert LONG_LINK in text
    assert "Grüße" in text
