"""Settings of the load benchmark's framework floor (bench/load_floor.py): the site's own,
with the floor's URLs in place of the site's. Only `python -m bench.load` uses them."""

from ttr_site.settings import *  # noqa: F403

ROOT_URLCONF = "bench.load_floor"
