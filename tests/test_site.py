import os
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.db import connection


@pytest.mark.django_db
def test_database_is_postgresql_in_ci():
    """CI points DATABASE_URL at PostgreSQL; this fails if the suite silently ran on SQLite."""
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        assert connection.vendor == "postgresql"
        with connection.cursor() as cursor:
            cursor.execute("select version()")
            assert "PostgreSQL" in cursor.fetchone()[0]
    else:
        assert connection.vendor == "sqlite"


def test_home_page_loads_htmx_from_static(client):
    response = client.get("/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "/static/htmx/htmx.min.js" in body
    assert 'hx-headers=\'{"X-CSRFToken": "' in body


@pytest.mark.django_db
def test_unknown_page_gets_the_site_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert b"Page not found" in response.content


def test_every_page_names_the_site_icon_and_favicon_ico_leads_to_it(client):
    body = client.get("/").content.decode()
    link = '<link rel="icon" id="site-icon" href="/static/favicon.svg" type="image/svg+xml">'
    assert link in body
    response = client.get("/favicon.ico")
    assert (response.status_code, response["Location"]) == (301, "/static/favicon.svg")
    # collectstatic (make run) picks it up from static/.
    icon = finders.find("favicon.svg")
    assert icon and "<svg" in Path(icon).read_text()
