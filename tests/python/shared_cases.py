"""Owns: small case dicts more than one Python test file asks."""

# std:7.0 — a ZOC between two adjacent town hexes: no zone of control between built-up hexes.
ZOC_CASE = {
    "rules": ["std:7.0"],
    "map": {"hexes": {"0505": "town", "0605": "town"}},
    "units": [
        {"id": "F", "side": "french", "type": "infantry", "strength": 3, "movement": 2, "hex": "0505"},
        {"id": "B", "side": "british", "type": "infantry", "strength": 3, "movement": 2, "hex": "0605"},
    ],
    "question": {"kind": "zoc", "unit": "F", "hex": "0605"},
}
