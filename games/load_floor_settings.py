"""Settings of the load benchmark's framework floor (games/load_floor.py): the site's own,
with the floor's URLs in place of the site's. Only `python -m games.load` uses them."""

from ttr_site.settings import *  # noqa: F403

ROOT_URLCONF = "games.load_floor"
