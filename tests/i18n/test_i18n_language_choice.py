"""Which language a page is in: the browser's Accept-Language, else English."""

import re

import pytest

pytestmark = pytest.mark.django_db


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


@pytest.mark.parametrize(
    "header, language",
    [("nl", "nl"), ("sv-SE,sv;q=0.9", "sv"), ("fr-CA", "fr"), ("de", "en-gb"), ("", "en-gb")],
)
def test_the_browser_language_picks_the_page_language(client, header, language):
    response = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE=header)
    assert html_lang(response) == language
    assert response["Content-Language"] == language
