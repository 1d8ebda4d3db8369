"""The analysis chart spans the scores that occur: a negative final score is drawn below the
zero line, at its own height, not on top of another one at 0."""

import re

from games.svg.analysis_chart import HEIGHT, score_chart_svg


def chart(final: dict[str, float], estimates: list[float]) -> str:
    decisions = [
        {"player": "p0", "turn": turn, "played_points": {"mean": mean, "spread": 3}}
        for turn, mean in enumerate(estimates, start=1)
    ]
    return score_chart_svg(
        players=["p0", "p1"],
        decisions=decisions,
        final=final,
        colors={"p0": "#c00", "p1": "#00c"},
        names={"p0": "ann", "p1": "bob"},
        title="Estimated scores",
    )


def final_marks(svg: str) -> dict[str, float]:
    """Each final score's square: its title's score and the y of its centre."""
    found = re.findall(r'<rect x="[^"]+" y="([^"]+)"[^>]*><title>\w+\'s final score: (-?\d+)', svg)
    return {score: float(y) + 5 for y, score in found}


def tick_labels(svg: str) -> list[int]:
    return [int(label) for label in re.findall(r'text-anchor="end">(-?\d+)</text>', svg)]


def test_negative_final_scores_are_drawn_apart_below_the_zero_line():
    svg = chart({"p0": -15, "p1": -19}, [4, -2, -9])
    marks = final_marks(svg)
    zero_y = float(re.search(r'<line class="axis"[^>]* y1="([^"]+)"', svg).group(1))
    assert marks["-19"] > marks["-15"] > zero_y  # lower on the page, in the right order
    assert 0 < marks["-19"] < HEIGHT
    labels = tick_labels(svg)
    assert min(labels) <= -19 and 0 in labels


def test_a_game_of_positive_scores_keeps_zero_at_the_bottom():
    svg = chart({"p0": 80, "p1": 112}, [20, 50, 70])
    labels = tick_labels(svg)
    assert labels[0] == 0 and labels[-1] >= 112
