#!/usr/bin/env python3
"""Writes scenarios/dresden-historical.yaml: Dresden 20's Historical scenario (dresden:17.2)
as a played game, opening on Turn 6 with the printed set-up (spec/tables/dresden/
order-of-battle.yaml). The sources print no map and no counter values (dresden:2.0 gap notes):
the map here is schematic (the Elbe between the printed hexes' banks, its Dresden bridges, the
fortified hexes, LOCs and entry areas where the rules name them) and the strengths and
allowances are invented. Run from the repository root; the output is committed."""
import sys

COLS, ROWS = 16, 24


def axial(c, r):  # odd-columns-low, as engine/core/hex.cc
    return c, r - (c - (c & 1)) // 2


def name(c, r):
    return f"{c:02d}{r:02d}"


def south(c, r):
    """The Elbe's left (south) bank: Dresden's Altstadt (1306, 1407, 1408), Koenigstein (1222)
    and 1115, 1116, 1217 (the pontoon's landing hexes); Neustadt (1406), 1216 and Lillienstein
    (1423) on the right bank."""
    if r <= 5: return c <= 14
    if r == 6: return c <= 13
    if r <= 14: return c <= 14
    if r <= 16: return c <= 11
    return c <= 12


def neighbours(c, r):
    q, rr = axial(c, r)
    for dq, dr in ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)):
        nq, nr = q + dq, rr + dr
        if 1 <= nq <= COLS:
            row = nr + (nq - (nq & 1)) // 2
            if 1 <= row <= ROWS:
                yield nq, row


BRIDGES = {frozenset(("1306", "1406")), frozenset(("1406", "1407"))}  # dresden:9.11

# (designation, side, type, strength, movement, flags): invented counter values.
UNITS = [
    ("Ru II", "allied", "infantry", 4, 2, []), ("Ru Cv", "allied", "cavalry", 2, 3, []),
    ("Ru II Cav", "allied", "cavalry", 2, 3, []), ("Ru III", "allied", "infantry", 4, 2, ["elite"]),
    ("Ru I", "allied", "infantry", 4, 2, []), ("Pr II", "allied", "infantry", 5, 2, []),
    ("Au II", "allied", "infantry", 4, 2, []), ("Au 1Lt", "allied", "infantry", 3, 2, ["light"]),
    ("Au III", "allied", "infantry", 4, 2, []), ("Au I", "allied", "infantry", 4, 2, []),
    ("Res Art", "allied", "artillery", 3, 2, []), ("Au Cu", "allied", "cavalry", 3, 3, []),
    ("Au/Ru G&R", "allied", "infantry", 5, 2, ["elite", "guard"]), ("Au IV", "allied", "infantry", 4, 2, []),
    ("XIV", "french", "infantry", 4, 2, []), ("OG", "french", "infantry", 5, 2, ["elite", "guard"]),
    ("GC", "french", "cavalry", 3, 3, []), ("Res", "french", "artillery", 3, 2, []),
    ("YG", "french", "infantry", 4, 2, []), ("I Cavalry", "french", "cavalry", 3, 3, []),
    ("II Corps", "french", "infantry", 4, 2, []), ("VI Corps", "french", "infantry", 4, 2, []),
    ("I Corps", "french", "infantry", 4, 2, []), ("Cv", "french", "cavalry", 2, 3, []),
]


def order_of_battle(path="spec/tables/dresden/order-of-battle.yaml"):
    """The Historical columns of the order of battle, by designation (a small reader of its rows)."""
    import yaml
    rows = yaml.safe_load(open(path))["rows"]
    out = {}
    for row in rows:
        cells = row["cells"]
        out[row["key"]] = dict(how=cells[5], setup=cells[6], turn=cells[7], entry=cells[8])
    return out


def main():
    oob = order_of_battle()
    y = ["# Dresden 20's Historical scenario (dresden:17.2) as a played game, written by",
         "# scripts/dresden-historical-scenario.py: it opens on Turn 6 (calendar first_turn) with the",
         "# printed set-up (dresden:table.order-of-battle). The map is schematic and the counter values",
         "# invented (the sources print neither; dresden:2.0); the turn track's weather, its Night turns",
         "# and the last turn are invented too (dresden:table.turn-track is source-missing).",
         "name: dresden-historical",
         "title: Dresden 20, the Historical scenario (Turn 6, 26 August Morning)",
         "game: dresden",
         "map:",
         "  layout: odd-columns-low",
         f"  bounds: {{cols: [1, {COLS}], rows: [1, {ROWS}]}}",
         "  default_terrain: open",
         '  hexes: {"1306": fortified, "1407": fortified, "1406": fortified, "1222": fortified, "1423": rough, '
         '"1309": grosser_garten, "1110": rough, "1011": rough, "0905": forest, "1213": forest, "0718": forest}',
         "  hexsides:"]
    seen = set()
    for c in range(1, COLS + 1):
        for r in range(1, ROWS + 1):
            for nc, nr in neighbours(c, r):
                a, b = name(c, r), name(nc, nr)
                key = frozenset((a, b))
                if key in seen or south(c, r) == south(nc, nr): continue
                seen.add(key)
                feats = "major_river, bridge" if key in BRIDGES else "major_river"
                y.append(f'    - {{between: ["{a}", "{b}"], features: [{feats}]}}')
    y += ['  locs: {french: ["1601", "1607", "1617", "1624"], allied: ["0104", "0112", "0120"]}',
          '  entry_areas: {A: ["1606", "1607", "1608"], B: ["1616", "1617", "1618"], C: ["1623", "1624"], '
          '"Y": ["0801", "0901", "1001"], "Z": ["0101", "0201", "0301"]}',
          "units:"]
    for g in ("1306", "1407", "1222", "1423"):
        y.append(f'  - {{id: G{g}, side: french, type: garrison, strength: 0, movement: 0, hex: "{g}"}}')
    for uid, side, typ, st, mv, flags in UNITS:
        o = oob[uid]
        f = f", flags: [{', '.join(flags)}]" if flags else ""
        head = f'  - {{id: "{uid}", side: {side}, type: {typ}, strength: {st}, movement: {mv}{f}'
        if o["how"] == "setup":
            y.append(head + f', hex: "{o["setup"]}"}}')
        elif o["how"] == "turn":
            y.append(head + f', status: pending, arrival_turn: {o["turn"]}, entry: "{o["entry"]}"}}')
    y += ['state: {morale: {french: 7, allied: 8}, markers: ["historical-scenario"]}',
          "calendar: {first: allied, second: french, first_turn: 6, last_turn: 15, night_turns: [10, 15], "
          'weather: {"8": showers, "9": showers, "11": downpour, "12": downpour, "13": downpour, "14": showers}}',
          "french: french",
          "events:"]
    for k in range(3):
        y.append(f'  - {{id: e{k}, top: {{text: "no event (the Dresden deck is not in the sources)"}}, '
                 f'bottom: {{text: "no event (the Dresden deck is not in the sources)"}}}}')
    out = "\n".join(y) + "\n"
    (open(sys.argv[1], "w") if len(sys.argv) > 1 else sys.stdout).write(out)


if __name__ == "__main__":
    main()
