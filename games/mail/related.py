"""A mail whose HTML part carries its pictures inline (multipart/related, cid: links), so a
mail app shows them without loading anything from the site."""

from django.core.mail import EmailMultiAlternatives


class MailWithPictures(EmailMultiAlternatives):
    def __init__(self, *args, pictures=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.pictures = list(pictures)

    def _add_bodies(self, msg):
        super()._add_bodies(msg)
        html = msg.get_body(("html",)) if self.pictures else None
        for picture in self.pictures if html is not None else ():
            html.add_related(
                picture.png,
                maintype="image",
                subtype="png",
                cid=f"<{picture.cid}>",
                disposition="inline",
                filename=f"{picture.cid.split('@', 1)[0]}.png",
            )
        return msg
