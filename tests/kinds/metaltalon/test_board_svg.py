"""board_svg: the SVG board for web pages and e-mail pictures; board_png for e-mail."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from games.kinds.metaltalon.board_marks import Mark
from games.kinds.metaltalon.board_svg import PIECES_FONT, SEAT_COLOURS, board_png, board_svg, ship_radius
from games.kinds.metaltalon.engine import Ship, new_game
from games.kinds.metaltalon.engine.board import load_board

NS = {"s": "http://www.w3.org/2000/svg"}
FACTIONS = ["vamps", "warriors", "bankers", "clovers", "murphys", "rebels"]


def game(edition="token", players=2, ships=()):
    state = new_game(players=players, edition=edition, factions=FACTIONS[:players], seed=1)
    return replace(state, ships=tuple(ships), next_ship=len(ships) + 1)


def cell_groups(root):
    """Each cell's element (a <g>, or its link <a>) in the cells layer, by name (its id: cell-<name>)."""
    layer = root.find("s:g[@class='cells']", NS)
    return {el.get("id").removeprefix("cell-"): el for el in layer}


def terrain_groups(root):
    """The terrain of each cell (its hex, base and name): what no move changes (board_svg.terrain_svg)."""
    return {g.get("data-hex"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-hex")}


def styled(root, selector, prop):
    """The value the board's style sheet gives `prop` in the rule for `selector` (None: no such rule), within
    the board or within a ship's drawing (".mt-ship.p0 .ship" for ".p0 .ship")."""
    heads = (f".mt-board {selector}", f".mt-ship {selector}", f".mt-ship{selector}")
    for rule in root.find("s:style", NS).text.split("}"):
        head, _, body = rule.partition("{")
        if head in heads:
            values = dict(d.split(":", 1) for d in body.split(";") if d)
            return values.get(prop)
    return None


def font_size(root, element):
    """The element's own font size, else its class's in the style sheet, in SVG units."""
    size = element.get("font-size") or styled(root, "." + element.get("class"), "font-size")
    return float(size.removesuffix("px"))


def on_cells(root):
    """What stands on each cell (a ship, a crosshair, the selection), drawn above the cells and borders: the
    <use>s of the pieces layer placed at the cell's centre (where its hit hex is), by cell."""
    centres = {(use.get("x"), use.get("y")): cell for cell, el in cell_groups(root).items()
               for use in el.findall("s:use", NS)}
    found: dict[str, list[ET.Element]] = {}
    for use in root.find("s:g[@class='pieces']", NS).findall("s:use", NS):
        found.setdefault(centres[(use.get("x"), use.get("y"))], []).append(use)
    return found


def drawn(root, use):
    """What a <use> draws: the element of <defs> it refers to."""
    ident = use.get("href").removeprefix("#")
    return next(el for el in root.find("s:defs", NS) if el.get("id") == ident)


def ship_of(root, cell):
    """The drawing of the ship on `cell` (its group in <defs>, of class p<seat>)."""
    [ship] = [drawn(root, u) for u in on_cells(root)[cell] if u.get("class") is None]
    return ship


def texts(element):
    return ["".join(t.itertext()) for t in element.iter("{http://www.w3.org/2000/svg}text")]


@pytest.mark.parametrize(("edition", "players"), [("token", 6), ("metatalon", 4), ("web2002", 3)])
def test_it_is_well_formed_svg_with_a_viewbox(edition, players):
    root = ET.fromstring(board_svg(game(edition, players)))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    x, y, w, h = map(float, root.get("viewBox").split())
    assert (x, y) == (0, 0) and w > 0 and h > 0


@pytest.mark.parametrize("edition", ["token", "metatalon"])
def test_every_cell_is_drawn_with_its_name(edition):
    state = game(edition, 2)
    board = load_board(state.board)
    root = ET.fromstring(board_svg(state))
    groups, terrain = cell_groups(root), terrain_groups(root)
    assert set(groups) == set(terrain) == set(board.cells)
    for cell, g in groups.items():
        assert g.find("s:title", NS).text.startswith(cell)
        assert g[0].tag == "{http://www.w3.org/2000/svg}title"  # first: it names a link too
        assert g.find("s:use", NS).get("href") == "#mt-h"  # the hex it is hovered and clicked by
        assert terrain[cell].find("s:polygon", NS) is not None
        if cell not in board.base_cells:
            assert cell in texts(terrain[cell])


def test_ships_are_drawn_with_owner_letter_and_pieces_never_a_cell_like_label():
    state = game("token", 2, [Ship(1, 0, "I9", (3, 1, 1)), Ship(2, 1, "D7", (0, 2, 0))])
    root = ET.fromstring(board_svg(state))
    groups, ships = cell_groups(root), {c: ship_of(root, c) for c in ("I9", "D7")}
    assert "A" in texts(ships["I9"]) and "3e 1w 1s" in texts(ships["I9"])
    assert "B" in texts(ships["D7"]) and "2w" in texts(ships["D7"])
    # "A18" or "B10" would read as cell names
    assert "A18" not in texts(ships["I9"]) and "B10" not in texts(ships["D7"])
    assert "p0" in ships["I9"].get("class").split() and "p1" in ships["D7"].get("class").split()
    for seat, (colour, ink) in enumerate(SEAT_COLOURS):  # games/seats.py's, in the style sheet's file
        assert styled(root, f".p{seat} .ship", "fill") == styled(root, f".p{seat} .tab", "stroke") == colour
        assert styled(root, f".p{seat} .ship-value", "fill") == ink
    assert "Player A (Vamps)'s ship 3e 1w 1s (18)" in groups["I9"].find("s:title", NS).text


def test_coin_ships_show_coins():
    state = game("metatalon", 4, [Ship(1, 2, "I6", (2, 1, 1))])
    ship = ship_of(ET.fromstring(board_svg(state)), "I6")
    assert "C" in texts(ship) and "2p 1n 1d" in texts(ship)


def test_highlights_targets_and_selection_are_marked():
    state = game("token", 2, [Ship(1, 0, "I9", (3, 0, 0)), Ship(2, 1, "K9", (1, 0, 0))])
    svg = board_svg(state, selected="I9", highlights=["H9", "J9"], targets=["K9"])
    root = ET.fromstring(svg)
    groups, above = cell_groups(root), on_cells(root)
    for cell in ("H9", "J9"):
        assert "reachable" in groups[cell].get("class").split()
        dotted = groups[cell].find("s:use[@class='mark-reachable']", NS)
        assert drawn(root, dotted).tag == "{http://www.w3.org/2000/svg}polygon"
        assert styled(root, ".cells .mark-reachable", "stroke-dasharray") == "2 2"  # not by colour alone
    assert "target" in groups["K9"].get("class").split()
    assert [u.get("class") for u in above["K9"]] == [None, "mark-target"]  # the crosshair over the ship
    assert drawn(root, above["K9"][1]).find("s:circle", NS) is not None
    assert "selected" in groups["I9"].get("class").split()
    assert [u.get("class") for u in above["I9"]] == [None, "mark-selected"]
    assert drawn(root, above["I9"][1]).tag == "{http://www.w3.org/2000/svg}polygon"
    marked = [c for c, g in groups.items() if g.get("class") is not None]
    assert sorted(marked) == ["H9", "I9", "J9", "K9"]
    assert all(groups[c].get("class").split()[0] == "cell" for c in marked)


def test_cell_url_wraps_each_cell_in_a_link_and_escapes_it():
    state = game("token", 2)
    svg = board_svg(state, cell_url=lambda c: None if c == "I9" else f'/play?cell={c}&x="<b>"')
    root = ET.fromstring(svg)
    links = list(root.iter("{http://www.w3.org/2000/svg}a"))
    assert len(links) == len(load_board("token").cells) - 1
    hrefs = {a.get("href") for a in links}
    assert '/play?cell=D7&x="<b>"' in hrefs
    assert all(a.get("id") != "cell-I9" for a in links) and cell_groups(root)["I9"].tag.endswith("}g")
    # A link is named by its cell's title, its first child (for a screen reader as for the hover).
    assert all(a[0].tag == "{http://www.w3.org/2000/svg}title" and a[0].text.startswith(a.get("id")[5:])
               for a in links)
    assert not list(root.iter("{http://www.w3.org/2000/svg}b"))


def test_without_cell_url_there_are_no_links():
    root = ET.fromstring(board_svg(game()))
    assert not list(root.iter("{http://www.w3.org/2000/svg}a"))


def test_token_borders_are_red_solid_and_black_dashed():
    root = ET.fromstring(board_svg(game("token", 4)))
    groups = {g.get("class"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class")}
    red = groups["border border-red"].find("s:path", NS)
    black = groups["border border-black"].find("s:path", NS)
    assert red.get("stroke-dasharray") is None and black.get("stroke-dasharray")
    assert red.get("stroke") != black.get("stroke")


def test_coin_borders_are_striped():
    root = ET.fromstring(board_svg(game("web2002", 2)))
    groups = {g.get("class"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class")}
    assert "border border-striped" in groups
    assert "border border-red" not in groups
    paths = groups["border border-striped"].findall("s:path", NS)
    assert len(paths) == 2 and paths[1].get("stroke-dasharray")


def test_bases_show_owner_letters_and_printed_labels():
    state = game("token", 4)
    root = ET.fromstring(board_svg(state))
    groups, terrain = cell_groups(root), terrain_groups(root)
    for s in state.seats:
        assert "ABCD"[s.index] in texts(terrain[s.home])
    red4 = [b.cell for b in load_board("token").bases if "red4" in b.labels]
    assert "4" in texts(terrain[red4[0]])
    assert "+1" in texts(terrain["I3"])  # a "3" base, unowned with four players
    assert "unowned base" in groups["I3"].find("s:title", NS).text


def test_the_legend_names_each_seat_and_the_viewer():
    svg = board_svg(game("token", 3), viewer=1)
    root = ET.fromstring(svg)
    legend = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "legend")
    assert "B (Warriors) (you)" in texts(legend)
    assert "A (Vamps)" in texts(legend) and "C (Bankers)" in texts(legend)


def test_board_png_renders_a_png_of_the_requested_width():
    png = board_png(board_svg(game("token", 6, [Ship(1, 0, "I9", (3, 1, 1))])), 640)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert width == 640 and height > 300


def test_cell_titles_name_the_territory_and_its_owner():
    state = game("token", 2)
    groups = cell_groups(ET.fromstring(board_svg(state)))
    home = state.seats[0].home
    assert groups[home].find("s:title", NS).text == (
        f"{home} · Player A (Vamps)'s territory · home base of Player A")
    assert "the Core" in groups["I9"].find("s:title", NS).text


def test_its_shared_cell_styles_apply_to_the_board_only():
    """The board sits inline in the HTML page, where an SVG <style> applies to the whole document."""
    root = ET.fromstring(board_svg(game("token", 6, [Ship(1, 0, "I9", (3, 1, 1))])))
    style = root.find("s:style", NS)
    assert style is not None
    rules = [r for r in style.text.split("}") if r.strip()]
    assert rules and all(rule.startswith((".mt-board ", ".mt-ship ", ".mt-ship.")) for rule in rules)
    assert "mt-board" in root.get("class").split()
    # A ship's drawing, which <use>s show, carries the class its rules are scoped by.
    looks = [g for g in root.find("s:defs", NS) if g.get("id", "").startswith("mt-s")]
    assert looks and all("mt-ship" in g.get("class").split() for g in looks)


def test_every_hex_is_outlined_and_named_through_the_shared_styles():
    root = ET.fromstring(board_svg(game("token", 6)))
    for cell, group in terrain_groups(root).items():
        hexagon = group.find("s:polygon", NS)
        assert hexagon.get("class") == "hex" and hexagon.get("stroke") is None
        names = [t for t in group.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "cell-name"]
        assert all(t.text == cell and t.get("fill") is None for t in names)


# === SHIPS READ AT A GLANCE (issue 8, B) ===


def ship_parts(svg: str, cell: str) -> dict[str, ET.Element]:
    group = ship_of(ET.fromstring(svg), cell)
    return {el.get("class"): el for el in group.iter() if el.get("class") in
            ("ship", "ship-value", "ship-seat", "ship-pieces", "pieces-tag")}


def test_a_ship_grows_with_its_value_and_shows_the_value_large():
    state = game("token", 2, [Ship(1, 0, "I9", (1, 0, 0)), Ship(2, 1, "D7", (3, 2, 1)),
                              Ship(3, 0, "L7", (5, 5, 2))])
    svg = board_svg(state)
    root = ET.fromstring(svg)
    small, middle, big = (ship_parts(svg, c) for c in ("I9", "D7", "L7"))
    radii = [float(p["ship"].get("r")) for p in (small, middle, big)]
    assert radii == sorted(radii) and radii[0] < radii[2] - 6  # 1, 23 and 50 credits: visibly different
    assert radii[2] < 0.866 * 24  # even the biggest leaves its hex's outline in view
    assert ship_radius(30) == ship_radius(45)  # past 30 credits every ship is big
    assert [p["ship-value"].text for p in (small, middle, big)] == ["1", "23", "50"]
    assert all(font_size(root, p["ship-value"]) >= 14 for p in (small, middle, big))


def test_a_ships_pieces_are_drawn_large_on_a_tag_with_its_seat_letter_beside():
    state = game("token", 2, [Ship(1, 1, "D7", (3, 2, 1))])
    svg = board_svg(state)
    parts, root = ship_parts(svg, "D7"), ET.fromstring(svg)
    assert parts["ship-pieces"].text == "3e 2w 1s" and parts["ship-seat"].text == "B"
    assert font_size(root, parts["ship-pieces"]) == PIECES_FONT >= 9.5  # ~11 px at the game page's size
    assert parts["ship-pieces"].get("textLength") is None  # fits as it is
    assert styled(root, ".pieces-tag", "fill") == "#ffffff"  # dark on white whatever the seat's colour
    assert parts["pieces-tag"].get("fill") is None  # (which no attribute overrides)


def test_ships_stand_above_every_cell_and_border_and_leave_the_clicks_to_the_cells():
    """A ship's pieces tag is a little wider than its hex: nothing drawn later may cut it."""
    state = game("token", 2, [Ship(1, 0, "K10", (2, 1, 1))])
    root = ET.fromstring(board_svg(state, cell_url=lambda c: f"/x/{c}"))
    layers = [g.get("class") for g in root.findall("s:g", NS)]
    assert layers.index("pieces") > max(layers.index("cells"), layers.index("terrain"))  # borders in it
    pieces = root.find("s:g[@class='pieces']", NS)
    assert pieces.get("pointer-events") == "none" and not list(pieces.iter("{http://www.w3.org/2000/svg}a"))


def test_a_long_list_of_pieces_is_squeezed_into_its_space_not_shrunk():
    svg = board_svg(game("token", 2, [Ship(1, 0, "I9", (12, 11, 1))]))
    parts = ship_parts(svg, "I9")
    assert parts["ship-pieces"].text == "12e 11w 1s"
    assert float(parts["ship-pieces"].get("textLength")) <= 1.85 * 24
    assert font_size(ET.fromstring(svg), parts["ship-pieces"]) >= 9.5


# === THE LAST TURN'S MARKS (issue 8, A) ===


def last_turn_layer(root: ET.Element) -> ET.Element | None:
    groups = root.iter("{http://www.w3.org/2000/svg}g")
    return next((g for g in groups if g.get("class") == "last-turn"), None)


def test_marks_are_drawn_over_the_board_in_the_seats_colour_and_take_no_clicks():
    state = game("token", 2, [Ship(1, 1, "I10", (3, 2, 0)), Ship(2, 0, "K10", (2, 1, 1))])
    marks = [Mark("move", 1, ("G10", "H10", "I10")), Mark("shot", 1, ("I10", "K10"), "\u22123"),
             Mark("destroyed", 0, ("J10",)), Mark("launch", 1, ("B9",))]
    root = ET.fromstring(board_svg(state, marks=marks, cell_url=lambda c: f"/x/{c}"))
    layer = last_turn_layer(root)
    assert layer is not None and layer.get("pointer-events") == "none"
    kinds = {g.get("class"): g for g in layer.iter("{http://www.w3.org/2000/svg}g") if g.get("data-cells")}
    assert set(kinds) == {"mark mark-move", "mark mark-shot", "mark mark-destroyed", "mark mark-launch"}
    assert kinds["mark mark-move"].get("data-cells") == "G10 H10 I10"
    trail = kinds["mark mark-move"].findall("s:polyline", NS)[1]
    assert trail.get("stroke") == SEAT_COLOURS[1][0] and len(trail.get("points").split()) == 3
    assert kinds["mark mark-destroyed"].find("s:circle", NS).get("stroke") == SEAT_COLOURS[0][0]
    # Semi-transparent, but the damage tags on top are opaque: they must be read.
    assert float(layer.find("s:g", NS).get("opacity")) < 1
    assert "\u22123" in texts(next(g for g in layer.iter("{http://www.w3.org/2000/svg}g")
                                   if g.get("class") == "shot-label"))
    # The marks lie over the cells, so every cell keeps its link.
    assert len(list(root.iter("{http://www.w3.org/2000/svg}a"))) == len(load_board("token").cells)


def test_the_hits_on_one_cell_share_one_tag_with_their_total_and_each_hit_in_its_name():
    state = game("token", 3, [Ship(1, 0, "K10", (10, 1, 1)), Ship(2, 1, "I10", (1, 2, 0)),
                              Ship(3, 2, "M10", (1, 3, 0)), Ship(4, 0, "K9", (5, 0, 0))])
    marks = [Mark("shot", 1, ("I10", "K10"), "\u22122 \u22123"), Mark("shot", 2, ("M10", "K10"), "\u22124"),
             Mark("shot", 2, ("M10", "K9"), "0")]
    layer = last_turn_layer(ET.fromstring(board_svg(state, marks=marks)))
    assert layer is not None
    tags = [g for g in layer.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "shot-label"]
    assert [texts(g) for g in tags] == [["\u22129"], ["0"]]
    assert tags[0].get("aria-label") == ("K10 hit 3 times for 9: \u22122 and \u22123 from I10, "
                                         "\u22124 from M10")
    assert tags[1].get("aria-label") == "K9 hit 1 time for 0: 0 from M10"
    # Two seats hit K10: its tag is edged in black; one seat hit K9: in that seat's colour.
    assert tags[0].find("s:rect", NS).get("stroke") == "#1b1b1b"
    assert tags[1].find("s:rect", NS).get("stroke") == SEAT_COLOURS[2][0]


def test_the_key_explains_the_marks_drawn_and_only_those():
    marks = [Mark("move", 1, ("G10", "H10")), Mark("shot", 1, ("H10", "I10"), "0")]
    root = ET.fromstring(board_svg(game("token", 2), marks=marks))
    key = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "key last-turn")
    words = " ".join(texts(key))
    assert "Last turn:" in words and "moved" in words and "fired (damage done)" in words
    assert "launched" not in words and "destroyed" not in words


def test_without_marks_the_board_has_no_last_turn_layer_nor_key_line():
    svg = board_svg(game("token", 2))
    assert last_turn_layer(ET.fromstring(svg)) is None and "last-turn" not in svg


# === WHAT THE BOARD REPEATS IS DRAWN ONCE (docs/architecture.md, "The game page's weight") ===


def test_alike_ships_share_one_drawing_each_placed_on_its_cell():
    state = game("token", 2, [Ship(1, 0, "I9", (1, 0, 0)), Ship(2, 0, "K9", (1, 0, 0)),
                              Ship(3, 1, "D7", (1, 0, 0)), Ship(4, 0, "L7", (2, 0, 0))])
    root = ET.fromstring(board_svg(state, viewer=0))
    looks = {c: ship_of(root, c) for c in ("I9", "K9", "D7", "L7")}
    assert looks["I9"] is looks["K9"]  # same seat, pieces and value: one drawing
    assert looks["D7"] is not looks["I9"] and looks["L7"] is not looks["I9"]  # another seat, another value
    assert looks["I9"].get("class") == "mt-ship p0 own"  # the viewer's, outlined
    assert looks["D7"].get("class") == "mt-ship p1"
    assert len([g for g in root.find("s:defs", NS) if g.get("id", "").startswith("mt-s")]) == 3


def test_a_cell_title_says_your_for_the_viewer_and_names_a_seat_in_full_once():
    home_b = game("token", 2).seats[1].home
    state = game("token", 2, [Ship(1, 1, home_b, (1, 0, 0)), Ship(2, 0, "I9", (3, 1, 1))])
    groups = cell_groups(ET.fromstring(board_svg(state, viewer=0)))
    assert groups[home_b].find("s:title", NS).text == (
        f"{home_b} · Player B (Warriors)'s territory · home base of Player B · Player B's ship 1e (1)")
    assert groups["I9"].find("s:title", NS).text == "I9 · the Core (east) · your ship 3e 1w 1s (18)"
    home_a = state.seats[0].home
    assert groups[home_a].find("s:title", NS).text == f"{home_a} · your territory · your home base"
    # A spectator reads every seat by name.
    spectator = cell_groups(ET.fromstring(board_svg(state)))
    assert spectator["I9"].find("s:title", NS).text == (
        "I9 · the Core (east) · Player A (Vamps)'s ship 3e 1w 1s (18)")


def test_the_mailed_picture_draws_each_ship_in_its_seats_colour_where_its_use_puts_it():
    """cairosvg (board_png) follows the <use> to the drawing in <defs> and its seat's colours there."""
    from io import BytesIO

    from PIL import Image

    state = game("token", 2, [Ship(1, 0, "I9", (3, 0, 0)), Ship(2, 1, "D7", (3, 0, 0))])
    svg = board_svg(state, viewer=0)
    root = ET.fromstring(svg)
    width = float(root.get("viewBox").split()[2])
    picture = Image.open(BytesIO(board_png(svg, 1000))).convert("RGB")
    scale = 1000 / width
    for cell, seat in (("I9", 0), ("D7", 1)):
        hit = cell_groups(root)[cell].find("s:use", NS)
        x, y = float(hit.get("x")), float(hit.get("y"))
        # The top of the disc, above its value and right of its seat's tab: the seat's colour.
        pixel = picture.getpixel((round(x * scale), round((y - 11.5) * scale)))
        assert "#{:02X}{:02X}{:02X}".format(*pixel) == SEAT_COLOURS[seat][0].upper(), (cell, pixel)
