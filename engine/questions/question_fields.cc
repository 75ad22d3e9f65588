// Owns: question field readers (see question_fields.h).
#include "engine/questions/question_fields.h"

#include <algorithm>

namespace hexlaw {

Hex read_hex(const Situation& s, const CaseField& f) {
  const std::string text = f.str();
  auto p = parse_ccrr(text);
  if (!p) f.fail("'" + text + "' is not a four-digit CCRR hex number (e.g. \"0407\")");
  const Hex h = to_axial(*p, s.map.layout());
  if (!s.map.on_map(h)) f.fail("hex " + text + " is off the map's bounds");
  return h;
}

Hex question_hex(const Situation& s, const std::string& key) { return read_hex(s, s.c.question.required(key)); }

std::pair<Hex, Hex> question_hex_pair(const Situation& s, const std::string& key) {
  auto f = s.c.question.required(key);
  if (!f.is_seq() || f.size() != 2) f.fail("expected two hex numbers, e.g. [\"0407\", \"0508\"]");
  return {read_hex(s, f.at(0)), read_hex(s, f.at(1))};
}

const Unit& question_unit(const Situation& s, const std::string& key) {
  auto f = s.c.question.required(key);
  const std::string id = f.str();
  const Unit* u = s.state.unit(id);
  if (!u) f.fail("no unit with id '" + id + "' in the case's units");
  return *u;
}

const Unit& question_unit_on_map(const Situation& s, const std::string& key) {
  const Unit& u = question_unit(s, key);
  if (!u.on_map()) s.c.question[key].fail("unit '" + u.id + "' is " + to_string(u.status) + ", not on the map");
  return u;
}

// A LOC to head for means nothing where no rule sets a retreat's direction, and a hex that is
// not one of the unit's friendly LOCs is no LOC to head for: either is an error in the question.
Hex named_retreat_loc(const Situation& s, const CaseField& where, const Unit& u) {
  const Hex h = read_hex(s, where);
  if (s.rules.printed().retreat_direction.empty())
    where.fail("the " + std::string(n20::printing_name(s.rules.printing())) +
               " printing of the standard rules has no retreat direction rule (no std:9.8.6) and game " +
               s.rules.game() + " prints none of its own: a retreat heads for no LOC");
  const n20::LocList locs = s.rules.retreat_direction_locs(u, s.map, s.state);
  if (!locs.empty() && std::find(locs.begin(), locs.end(), h) == locs.end()) {
    std::string names;
    for (Hex l : locs) names += (names.empty() ? "" : ", ") + s.map.name(l);
    where.fail("hex " + where.str() + " is not a friendly LOC " + u.id + "'s retreat may head for (" + names + ")");
  }
  return h;
}

}  // namespace hexlaw
