from __future__ import annotations

from ludomots.accounts.plot import rating_svg


def test_the_plot_draws_one_point_per_game_and_escapes_text() -> None:
    svg = rating_svg([(1_700_000_000_000, 1500), (1_700_086_400_000, 1540),
                      (1_700_172_800_000, 1520)], "Classement de <Zoé> & co")
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    points = svg.split('<polyline points="')[1].split('"')[0].split()
    assert len(points) == 3
    ys = [float(p.split(",")[1]) for p in points]
    assert ys[1] < ys[2] < ys[0]  # higher rating, higher on the chart
    assert "&lt;Zoé&gt; &amp; co" in svg and "<Zoé>" not in svg
    assert "14/11/2023" in svg and "16/11/2023" in svg
    assert "style=" not in svg  # the Content-Security-Policy forbids style attributes


def test_an_empty_plot_says_so() -> None:
    svg = rating_svg([], "Vide")
    assert "Pas encore de partie classée." in svg and "polyline" not in svg
