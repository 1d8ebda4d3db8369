import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ttr_site.settings")
django_application = get_wsgi_application()

from games.live.poll_wsgi import with_poll_fast_path  # noqa: E402 (needs the settings above)

application = with_poll_fast_path(django_application)
