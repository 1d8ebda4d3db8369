"""Local mail as files a person can read: headers and decoded text, one file per message.

Django's file backend writes the MIME source, where quoted-printable breaks
long links across lines; a local player needs to click the reset link as is.
"""

from typing import BinaryIO, cast

from django.core.mail.backends.filebased import EmailBackend as FileBackend

SHOWN_HEADERS = ("From", "To", "Subject", "Date", "List-Unsubscribe")


class ReadableFileBackend(FileBackend):
    def write_message(self, message):
        mime = message.message()
        lines = [f"{name}: {mime[name]}" for name in SHOWN_HEADERS if mime[name]]
        lines.append("")
        for part in mime.walk():
            if part.get_content_type() == "text/plain" and not part.is_attachment():
                lines.append(part.get_content().rstrip())
            elif part.get_content_type() == "text/html":
                lines.append("[an HTML version of this mail is attached]")
        # Django's file backend opens its stream in binary ("ab"); the stubs give it the
        # console backend's text stream.
        stream = cast(BinaryIO, self.stream)
        stream.write(("\n".join(lines) + "\n" + "-" * 79 + "\n").encode("utf-8"))

    def _get_filename(self):
        # A readable extension; the name stays unique as in Django's backend (whose
        # private method the stubs leave out).
        name: str = super()._get_filename()  # type: ignore[misc]
        return name.removesuffix(".log") + ".txt"
