"""Recompute and save each map's board layout: `python -m games.svg.save_layouts`.

Run it after changing games/svg/layout.py (tests/svg fails until the saved layouts
match what the code computes).
"""

from games.engine import MAPS, get_map
from games.svg.layout import save_layout

if __name__ == "__main__":
    for map_id in MAPS:
        print(save_layout(get_map(map_id)))
