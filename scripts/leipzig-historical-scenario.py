#!/usr/bin/env python3
"""Writes scenarios/leipzig-historical.yaml: Leipzig 20's printed set-up (leipzig:3.0, steps 1 to 5
with Dresden strongly defended) as a played game, from the order of battle
(spec/tables/leipzig/order-of-battle.yaml). The sources print no map, no counter values, no Turn
Track and no event cards (leipzig:table.map, table.counters, table.turn-track, table.event-cards
are source-missing): the map here is INVENTED (only the hexes the rules name are where the rules
put them: the set-up hexes, Leipzig 1412 with the Lindenau bridge 1412/1512 over the Elster,
Lindenau 1611, the French LOCs 1412 and 2511, the Allied LOCs 1726, 2426, 2126, 1901 and 0109),
the strengths and allowances are invented, and so are the Night turns, the last turn, the entry
areas and delays of Armies S, P and N, the Detachment table's and the Imperial Dispatches
Table's arriving faces. Run from the repository root; the output is committed."""
import sys

COLS, ROWS = 25, 26
ELSTER_COL = 14  # the Elster runs between columns 14 and 15 (invented line; 1412/1512 is printed)


def axial(c, r):  # odd-columns-low, as engine/core/hex.cc
    return c, r - (c - (c & 1)) // 2


def name(c, r):
    return f"{c:02d}{r:02d}"


def neighbours(c, r):
    q, rr = axial(c, r)
    for dq, dr in ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)):
        nq, nr = q + dq, rr + dr
        if 1 <= nq <= COLS:
            row = nr + (nq - (nq & 1)) // 2
            if 1 <= row <= ROWS:
                yield nq, row


# The Elster's crossings: the Lindenau bridge (printed, leipzig:16.10) over a Major River, and
# two invented bridges up and down stream on its minor-river line.
LINDENAU_BRIDGE = frozenset(("1412", "1512"))
BRIDGES = {frozenset(("1405", "1505")), frozenset(("1420", "1520"))}

# (designation, type, strength, movement, flags, army): invented counter values; army letters for
# units the list puts in no group are invented too (the counters carry them: the on-map Allied
# units and Au I are the Army of Bohemia's, the only Front on the track at the start).
UNITS = {
    "VI": ("infantry", 4, 2, [], ""), "V": ("infantry", 3, 2, [], ""), "IX": ("infantry", 3, 2, [], ""),
    "II": ("infantry", 4, 2, [], ""), "Vc": ("cavalry", 2, 3, [], ""), "LO": ("infantry", 2, 2, [], ""),
    "Cadre-1": ("cadre", 1, 2, [], ""), "IVc": ("cavalry", 2, 3, [], ""), "YG": ("infantry", 4, 2, [], ""),
    "OG": ("infantry", 5, 2, ["elite", "guard"], ""), "Res Art": ("artillery", 3, 2, [], ""),
    "GC": ("cavalry", 3, 3, [], ""), "IV": ("infantry", 3, 2, [], ""), "Ic": ("cavalry", 2, 3, [], ""),
    "III": ("infantry", 4, 2, [], ""), "IIIc": ("cavalry", 2, 3, [], ""), "IIc": ("cavalry", 2, 3, [], ""),
    "XI": ("infantry", 3, 2, ["unreliable"], ""), "Cadre-2": ("cadre", 1, 2, [], ""),
    "VII": ("infantry", 3, 2, ["unreliable"], ""),
    "Au IV": ("infantry", 4, 2, [], "B"), "Pr Pirch": ("infantry", 2, 2, [], "B"), "Ru Ic": ("cavalry", 2, 3, [], "B"),
    "Ru I": ("infantry", 3, 2, [], "B"), "Ru II": ("infantry", 4, 2, [], "B"),
    "Au II": ("infantry", 4, 2, [], "B"), "Au III": ("infantry", 4, 2, [], "B"), "Au Cuir Cav": ("cavalry", 3, 3, [], "B"),
    "Au 1Lt": ("infantry", 2, 2, ["light"], "B"), "Au/Ru G&R": ("infantry", 5, 2, ["elite", "guard"], "B"),
    "Ru III": ("infantry", 4, 2, ["elite"], "B"), "Ru IIc": ("cavalry", 2, 3, [], "B"),
    "Ru Res Art": ("artillery", 3, 2, [], "B"), "Pr Kleist": ("infantry", 2, 2, [], "B"),
    "Pr I": ("infantry", 4, 2, [], "S"), "Ru L": ("infantry", 3, 2, [], "S"), "Ru VIII": ("infantry", 3, 2, [], "S"),
    "Ru XI": ("infantry", 3, 2, [], "S"), "Ru IIIc": ("cavalry", 2, 3, [], "S"), "Ru IVc": ("cavalry", 2, 3, [], "S"),
    "Au I": ("infantry", 4, 2, [], "B"),
    "Au 2Lt": ("infantry", 2, 2, ["light"], "P"), "Ru Duct": ("infantry", 4, 2, [], "P"),
    "Ru Tscha Cav": ("cavalry", 2, 3, [], "P"),
    "Swe": ("infantry", 4, 2, ["guard"], "N"), "Pr III": ("infantry", 4, 2, [], "N"), "Ru XII": ("infantry", 3, 2, [], "N"),
    "Ru Czern": ("cavalry", 2, 3, [], "N"),
}

# Each Allied army group's historical area (B's is printed: Y) and its entry row (B's is printed:
# Y+0, X+1, Z+3, leipzig:table.allied-army-entry; S, P and N's invented).
GROUP_AREA = {"B": "Y", "S": "S", "P": "W", "N": "V"}
ENTRY_ROWS = {"S": "S+0,T+1,U+2", "P": "W+0,Z+1,X+2", "N": "V+0,U+1,S+2"}
LAST_TURN = 36  # six days, 14-19 October, six turns a day (leipzig:12.7's day): invented
NIGHTS = [6, 12, 18, 24, 30, 36]


def order_of_battle(path="spec/tables/leipzig/order-of-battle.yaml"):
    """Each row of the order of battle by designation (side, army, leader, strong, setup, turn, entry)."""
    import yaml
    table = yaml.safe_load(open(path))
    cols = table["columns"]
    return {row["key"]: dict(zip(cols, row["cells"])) for row in table["rows"]}


def main():
    oob = order_of_battle()
    y = ["# Leipzig 20's printed set-up (leipzig:3.0, steps 1 to 5; Dresden Strongly Defended, the",
         "# historical choice) as a played game, written by scripts/leipzig-historical-scenario.py from",
         "# the order of battle (leipzig:table.order-of-battle). The Leipzig map, the counters, the",
         "# Turn Track and the event cards are not in the sources: THE MAP HERE IS INVENTED (only the hexes",
         "# the rules name are where they put them: the set-up hexes, Leipzig 1412 and its four hexes,",
         "# the Lindenau bridge 1412/1512 over the Elster, Lindenau 1611, the LOCs 1412, 2511, 1726, 2426,",
         "# 2126, 1901 and 0109), the counter values are INVENTED (and the army letter B of the on-map",
         "# Allied units and Au I), and so are the Night turns (every sixth), the last turn (36), the entry",
         "# areas and delays of Armies S, P and N, the Detachment and Imperial Dispatches tables' faces",
         "# and the event cards (no effect). Leaders are left out (leipzig:16.12 is not in use here).",
         "# The North Front marker is not on the track at the start; it comes on Turn 7 at 7 (leipzig:3.0.3).",
         "name: leipzig-historical",
         "title: Leipzig 20, the printed set-up (Turn 1, 14 October Morning; invented map and counters)",
         "game: leipzig",
         'options: ["leipzig:16.8", "leipzig:16.9", "leipzig:16.10", "leipzig:16.11"]',
         "map:",
         "  layout: odd-columns-low",
         f"  bounds: {{cols: [1, {COLS}], rows: [1, {ROWS}]}}",
         "  default_terrain: open",
         '  hexes: {"1412": town, "1311": town, "1312": town, "1411": town, "1611": town, "0705": town, '
         '"1020": town, "0822": town, "1116": forest, "1219": rough, "0913": forest, "1707": forest, '
         '"1923": rough, "0416": forest, "2015": town, "0610": rough}',
         "  hexsides:"]
    seen = set()
    for r in range(1, ROWS + 1):
        for nc, nr in neighbours(ELSTER_COL, r):
            if nc != ELSTER_COL + 1: continue
            a, b = name(ELSTER_COL, r), name(nc, nr)
            key = frozenset((a, b))
            if key in seen: continue
            seen.add(key)
            feats = ("major_river, bridge, elster" if key == LINDENAU_BRIDGE else
                     "minor_river, bridge, elster" if key in BRIDGES else "minor_river, elster")
            y.append(f'    - {{between: ["{a}", "{b}"], features: [{feats}]}}')
    y += ['  locs: {french: ["1412", "2511"], allied-south: ["1726"], army-B: ["2426"], army-P: ["2126"], '
          'army-S: ["1901"], army-N: ["0109"]}',
          '  objectives: {french: ["1611"]}',
          '  entry_areas: {A: ["0901", "1001", "1101"], B: ["0112", "0113", "0114"], '
          '"S": ["1801", "1901", "2001"], "T": ["2503", "2504"], "U": ["1201", "1301"], "V": ["0108", "0109", "0110"], '
          '"W": ["2026", "2126"], "X": ["2326", "2426"], "Y": ["1626", "1726", "1826"], "Z": ["0626", "0726"]}',
          '  places: {leipzig: ["1311", "1312", "1411", "1412"]}',
          "units:"]
    for uid, row in oob.items():
        if row["strong"] not in ("setup", "turn") or row["leader"] == "yes":
            continue  # set aside, at Dresden, a Cadre not yet made, unused, or a Leader (no 16.12)
        typ, st, mv, flags, army = UNITS[uid]
        if row["army"] != "-": assert army == row["army"], uid
        f = f", flags: [{', '.join(flags)}]" if flags else ""
        a = f", army: {army}" if army else ""
        head = f'  - {{id: "{uid}", side: {row["side"]}, type: {typ}, strength: {st}, movement: {mv}{a}{f}'
        if row["strong"] == "setup":
            y.append(head + f', hex: "{row["setup"]}"}}')
        else:
            entry = row["entry"] if row["entry"] != "-" else GROUP_AREA[army]
            y.append(head + f', status: pending, arrival_turn: {row["turn"]}, entry: "{entry}"}}')
    markers = ["leipzig-scenario:standard", "dresden-defence:strong", "morale-track-later:allied-north=7@7"]
    markers += [f"army-group:B=8@Y", f"army-group:S=10@S", f"army-group:P=18@W", f"army-group:N=20@V"]
    markers += [f"army-entry:{a}={row}" for a, row in ENTRY_ROWS.items()]
    markers += ["detachment-table:1-4"] + [f"imperial-dispatches-table:{t}=1-4" for t in range(1, 14)]
    y += ["state:",
          "  morale: {french: 5, allied-south: 7}",
          "  markers: [" + ", ".join(f'"{m}"' for m in sorted(markers)) + "]",
          f"calendar: {{first: allied, second: french, last_turn: {LAST_TURN}, night_turns: {NIGHTS}}}",
          "french: french",
          "events:"]
    for k in range(12):
        y.append(f'  - {{id: e{k}, top: {{text: "no event (the Leipzig cards are not in the sources)"}}, '
                 f'bottom: {{text: "no event (the Leipzig cards are not in the sources)"}}}}')
    out = "\n".join(y) + "\n"
    (open(sys.argv[1], "w") if len(sys.argv) > 1 else sys.stdout).write(out)


if __name__ == "__main__":
    main()
