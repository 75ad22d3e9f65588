// Owns: the string forms of a played game's choices (see action.h).
#include "engine/play/action.h"

namespace hexlaw::play {
namespace {

// Not empty, and none of whitespace, '+', ',', '"' or '\\' (the rule in action.h).
bool plain(std::string_view id) {
  for (const char c : id)
    if (c == ' ' || (c >= '\t' && c <= '\r') || c == '+' || c == ',' || c == '"' || c == '\\') return false;
  return !id.empty();
}

// Appends `id` as it stands in a string form.
void append_id(std::string& out, std::string_view id) {
  if (plain(id)) {
    out += id;
    return;
  }
  out += '"';
  for (char c : id) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
}

// "move IG": a word, a space and an id.
std::string word_and_id(std::string_view word, Symbol id) {
  std::string s(word);
  s += ' ';
  append_id(s, id.view());
  return s;
}

// Ids joined by '+': "A+B".
std::string id_list(std::vector<Symbol>::const_iterator first, std::vector<Symbol>::const_iterator last) {
  std::string s;
  for (auto it = first; it != last; ++it) {
    if (it != first) s += '+';
    append_id(s, it->view());
  }
  return s;
}

}  // namespace

std::string id_text(std::string_view id) {
  std::string s;
  append_id(s, id);
  return s;
}

std::string to_text(const Action& a, const Map& map) {
  switch (a.kind) {
    case ActionKind::No: return "no";
    case ActionKind::ForcedMarch: return "forced-march";
    case ActionKind::End: return "end";
    case ActionKind::Move: return word_and_id("move", a.unit);
    case ActionKind::BreakDown: return word_and_id("break down", a.unit);
    case ActionKind::Enter: return word_and_id("enter", a.unit);
    case ActionKind::Stay: return "stay";
    case ActionKind::MoveTo: return map.name(a.hex);
    case ActionKind::NoDummy: return "no Dummy";
    case ActionKind::BringDummy: return word_and_id("bring", a.unit);
    case ActionKind::Combine:
      return "combine " + id_list(a.units.begin(), a.units.begin() + 2) + " into " + id_text(a.units[2].view());
    case ActionKind::React: return word_and_id("react", a.unit);
    case ActionKind::None: return "none";
    case ActionKind::Countercharge: return word_and_id("countercharge", a.unit);
    case ActionKind::Disengage: return "disengage " + map.name(a.hex);
    case ActionKind::Penetrate: return "penetrate " + map.name(a.hex);
    case ActionKind::LetItGo: return "let it go";
    case ActionKind::StopWith: return word_and_id("stop with", a.unit);
    case ActionKind::Attack:
      return "attack " + id_list(a.units.begin(), a.units.begin() + a.number) + " on " +
             id_list(a.units.begin() + a.number, a.units.end());
    case ActionKind::Restart: return "restart";
    case ActionKind::NoReserves: return "no reserves";
    case ActionKind::CommitReserves: return "commit reserves";
    case ActionKind::Column: return "column " + std::to_string(a.number);
    case ActionKind::Retreat: return a.path;
    case ActionKind::Exchange: return "break " + id_list(a.units.begin(), a.units.end());
    case ActionKind::Done: return "done";
    case ActionKind::Advance: return "advance " + id_text(a.unit.view()) + " " + map.name(a.hex);
    case ActionKind::NoRally: return "no rally";
    case ActionKind::Rally: return "rally";
    case ActionKind::RallySpendingPoint: {
      if (a.units.empty()) return "rally spending a point";
      std::string groups;  // Leipzig's armies, each buying its own point (leipzig:12.4)
      for (Symbol g : a.units) groups += (groups.empty() ? "" : "+") + id_text(g.view());
      return "rally spending for " + groups;
    }
    case ActionKind::StayBroken: return "stay broken";
    case ActionKind::PartialRally: return "partial rally";
    case ActionKind::Place: return map.name(a.hex);
    case ActionKind::NoMoreDummies: return "no more Dummies";
    case ActionKind::PlaceDummy: return "at " + map.name(a.at) + ", " + id_text(a.unit.view()) + " to " + map.name(a.hex);
    case ActionKind::DeclareAtNight: return "declare";
    case ActionKind::IntoBox: return "into the holding box";
    case ActionKind::BuildCrossing: return "build pontoon " + map.name(a.hex);
    case ActionKind::NameFront: return word_and_id("name", a.unit);
    case ActionKind::CallArmy: return "call " + id_text(a.unit.view()) + " by " + id_text(a.area.view());
    case ActionKind::AlternateArea:
      return id_text(a.unit.view()) + " by " + id_text(a.area.view()) + " on turn " + std::to_string(a.number);
    case ActionKind::Accelerate: return "accelerate " + id_text(a.unit.view()) + " to turn " + std::to_string(a.number);
    case ActionKind::Detach:
      return "detach " + id_text(a.unit.view()) + " by " + id_text(a.area.view()) + " on turn " + std::to_string(a.number);
  }
  return {};
}

}  // namespace hexlaw::play
