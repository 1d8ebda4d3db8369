"""The rating history chart: valid SVG, one point per rated game, a tooltip on each."""

import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta

import pytest
from game_steps import make_users
from rating_games import finished_game

from games.models import Game
from games.ratings.chart import ChartPoint, rating_chart_svg
from games.ratings.record import record_game_ratings
from games.ratings.selectors import history_points

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def points_of(root):
    return root.findall(f".//{SVG}circle")


@pytest.mark.django_db
def test_one_point_per_rated_game_each_with_a_tooltip_naming_game_and_place():
    ann, bob, cy, dan = make_users("ann", "bob", "cy", "dan")
    games = [
        finished_game({ann: 1, bob: 2}, day=1),
        finished_game({bob: 1, ann: 2, cy: 3, dan: 4}, map_id="europe", day=2),
        finished_game({ann: 1, cy: 2}, day=3, rated=False),
        finished_game({cy: 1, ann: 2, bob: 2}, day=4),
    ]
    for game in games:
        record_game_ratings(game)

    root = parse(rating_chart_svg(history_points(ann, viewer=None), title="ann's overall rating"))

    circles = points_of(root)
    assert len(circles) == 3
    tips = [c.find(f"{SVG}title").text for c in circles]
    g1, g2, g4 = games[0].pk, games[1].pk, games[3].pk
    assert tips[0].startswith(f"Game #{g1} (USA): 1st of 2 — 1000 → ")
    assert tips[1].startswith(f"Game #{g2} (Europe): 2nd of 4 — ")
    assert tips[2].startswith(f"Game #{g4} (USA): 2nd of 3 (tied) — ")
    assert root.get("viewBox") and root.get("width") == "100%"


@pytest.mark.django_db
def test_the_map_chart_shows_only_that_maps_games_and_names_forfeits():
    ann, bob = make_users("ann", "bob")
    finished_game({ann: 1, bob: 2}, day=1)
    forfeited = finished_game({ann: 2, bob: 1}, map_id="europe", day=2, forfeited=(ann,))
    for game in Game.objects.order_by("finished_at"):
        record_game_ratings(game)

    root = parse(rating_chart_svg(history_points(ann, "europe", viewer=None), title="Europe"))

    (circle,) = points_of(root)
    assert circle.find(f"{SVG}title").text.startswith(
        f"Game #{forfeited.pk} (Europe): 2nd of 2 (forfeited) — 1000 → "
    )


def test_the_chart_has_axis_labels_and_legible_text_sizes():
    start = datetime(2026, 1, 5, tzinfo=UTC)
    points = [
        ChartPoint(start + timedelta(days=i), 1000 + 15 * i, f"Game #{i}", provisional=i < 5)
        for i in range(8)
    ]

    root = parse(rating_chart_svg(points, title="History"))

    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Date" in texts and "Rating" in texts
    assert "5 Jan." in texts and "12 Jan." in texts
    _, _, width, _ = map(float, root.get("viewBox").split())
    # On a 375-px phone the card leaves the chart about 310 px: text keeps at least 11 px.
    assert float(root.get("font-size")) * 310 / width >= 11
    hollow = [c for c in points_of(root) if c.get("fill") == "#fff"]
    assert len(hollow) == 5


def test_a_single_game_and_a_title_with_markup_still_make_valid_svg():
    point = ChartPoint(datetime(2026, 2, 1, tzinfo=UTC), 1065.3, 'Game #1 <"&">')

    root = parse(rating_chart_svg([point], title="<script>"))

    (circle,) = points_of(root)
    assert circle.find(f"{SVG}title").text == 'Game #1 <"&">'
    assert root.find(f"{SVG}title").text == "<script>"


def test_the_rating_axis_label_clears_the_widest_tick_labels():
    from games.ratings.chart import FONT
    from games.svg.textwidth import text_width

    day = datetime(2026, 5, 1, tzinfo=UTC)
    root = parse(
        rating_chart_svg(
            [ChartPoint(day, 1065, "a"), ChartPoint(day + timedelta(days=3), 1072, "b")],
            title="Overall rating",
        )
    )
    texts = root.findall(f"{SVG}text")
    ticks = [t for t in texts if t.get("text-anchor") == "end" and t.text.isdigit()]
    assert ticks and all(len(t.text) == 4 for t in ticks)
    leftmost_tick = min(float(t.get("x")) - text_width(t.text, FONT) for t in ticks)
    label = next(t for t in texts if t.text == "Rating")
    # Turned a quarter to the left, the label's glyphs stand left of its translate() x,
    # by at most the font's ascent (its size); its descent lies right of x.
    label_x = float(label.get("transform").split("(")[1].split()[0])
    assert label_x + FONT * 0.25 < leftmost_tick
