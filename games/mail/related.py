"""A mail whose HTML part carries its pictures inline (multipart/related, cid: links), so a
mail app shows them without loading anything from the site."""

from django.core.mail import EmailMultiAlternatives


class MailWithPictures(EmailMultiAlternatives):
    def __init__(self, *args, pictures=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.pictures = list(pictures)

    # Django's own step that puts the bodies in the message (not in django-stubs, which
    # lists only the public methods): the pictures go beside the HTML part it added.
    def _add_bodies(self, msg):
        super()._add_bodies(msg)  # type: ignore[misc]
        html = msg.get_body(("html",)) if self.pictures else None
        if html is None:
            return msg
        for picture in self.pictures:
            html.add_related(
                picture.png,
                maintype="image",
                subtype="png",
                cid=f"<{picture.cid}>",
                disposition="inline",
                filename=f"{picture.cid.split('@', 1)[0]}.png",
            )
        return msg
