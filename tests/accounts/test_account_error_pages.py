"""404, 403 and 500 pages with DEBUG off."""

import pytest
from django.test import Client

pytestmark = [pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _debug_off(settings):
    settings.DEBUG = False


def test_unknown_address_gets_the_sites_404_page(client):
    response = client.get("/no/such/page/")

    assert response.status_code == 404
    assert b"Page not found" in response.content
    assert b'class="site-header"' in response.content


def test_forged_form_post_gets_the_sites_403_page(ann):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(ann)

    response = browser.post("/settings/", {"timezone": "Asia/Tokyo", "digest_hour": "8"})

    assert response.status_code == 403
    assert b"Not allowed" in response.content
    assert b"reload the page and try again" in response.content
    assert ann.profile.timezone == "UTC"


@pytest.mark.urls("accounts_error_urls")
def test_crashing_view_gets_the_sites_500_page(client):
    client.raise_request_exception = False

    response = client.get("/broken/")

    assert response.status_code == 500
    assert b"Something went wrong on our side" in response.content
    assert b"RuntimeError" not in response.content
