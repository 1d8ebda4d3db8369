"""Steps of the account story, done the way a player does them: through the site's forms."""

import re

from django.core import mail

PASSWORD = "narrow-gauge-Pullman-42"


def sign_up(client, username="ann", email="ann@example.org", password=PASSWORD, **extra):
    data = {"username": username, "email": email, "password1": password, "password2": password}
    return client.post("/accounts/signup/", {**data, **extra}, follow=True)


def log_in(client, login, password=PASSWORD):
    return client.post("/accounts/login/", {"login": login, "password": password}, follow=True)


def log_out(client):
    return client.post("/accounts/logout/", follow=True)


def links_in(message):
    return re.findall(r"https?://\S+", message.body)


def last_mail_to(address):
    sent = [m for m in mail.outbox if address in m.to]
    assert sent, f"no mail was sent to {address}"
    return sent[-1]


def header(response):
    """The site header as the player sees it."""
    html = response.content.decode()
    return html[html.index('<header class="site-header">') : html.index("</header>")]
