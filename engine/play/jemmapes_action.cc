// Owns: the string forms of a played Jemmapes round's choices and their parser (see
// jemmapes_action.h).
#include "engine/play/jemmapes_action.h"

#include <stdexcept>

#include "engine/play/action.h"

namespace hexlaw::play {
namespace {

using K = JemmapesActionKind;

// Ids joined by ',', each as id_text writes it.
std::string ids(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& id : v) s += (s.empty() ? "" : ",") + id_text(id);
  return s;
}

// One token of a string form: the items of a ','-joined list (a word or a single id is a list
// of one). Quoted items are unescaped.
struct Token {
  std::vector<std::string> items;
};

// Splits `text` at single spaces outside quotes; throws on an unclosed quote, an empty item or
// a doubled space (none of which to_text writes).
std::vector<Token> tokens(std::string_view text) {
  std::vector<Token> out;
  std::size_t i = 0;
  auto bad = [&](const std::string& why) { throw std::invalid_argument("'" + std::string(text) + "' is not a Jemmapes choice: " + why); };
  if (text.empty()) bad("it is empty");
  while (true) {
    Token t;
    while (true) {
      std::string item;
      if (i < text.size() && text[i] == '"') {
        ++i;
        bool closed = false;
        while (i < text.size()) {
          const char c = text[i++];
          if (c == '"') {
            closed = true;
            break;
          }
          if (c == '\\') {
            if (i >= text.size()) bad("a '\\' ends it");
            item += text[i++];
          } else {
            item += c;
          }
        }
        if (!closed) bad("a quote is not closed");
      } else {
        while (i < text.size() && text[i] != ' ' && text[i] != ',' && text[i] != '"') item += text[i++];
        if (item.empty()) bad("an empty word or id");
      }
      t.items.push_back(std::move(item));
      if (i < text.size() && text[i] == ',') {
        ++i;
        continue;
      }
      break;
    }
    out.push_back(std::move(t));
    if (i == text.size()) return out;
    if (text[i] != ' ') bad("a quote is followed by '" + std::string(1, text[i]) + "'");
    ++i;
  }
}

Direction facing_of(const std::string& s) {
  for (Direction d : kAllDirections)
    if (s == jemmapes::facing_name(d)) return d;
  throw std::invalid_argument("'" + s + "' is not a facing (n, ne, se, s, sw, nw)");
}

Hex hex_of(const std::string& s, const Map& map) {
  try {
    return map.hex(s);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument("'" + s + "' is not a hex number (CCRR)");
  }
}

jemmapes::Order order_of(const std::string& s) {
  for (auto o : {jemmapes::Order::Offensive, jemmapes::Order::Manoeuvre, jemmapes::Order::Defensive})
    if (s == jemmapes::to_string(o)) return o;
  throw std::invalid_argument("'" + s + "' is not an order one attempts (offensive, manoeuvre, defensive)");
}

jemmapes::UnitKind type_of(const std::string& s) {
  for (auto k : {jemmapes::UnitKind::Infantry, jemmapes::UnitKind::Artillery})
    if (s == jemmapes::to_string(k)) return k;
  throw std::invalid_argument("'" + s + "' is not a type that fires (infantry, artillery)");
}

// Step 1. The tokens. Step 2. The kind, from the first word and the token count. Step 3. The
// fields, each at its place. Step 4. The form must be the one to_text writes.
JemmapesAction parse_tokens(std::string_view text, const Map& map) {
  // Step 1.
  const std::vector<Token> t = tokens(text);
  const std::size_t n = t.size();
  auto bad = [&](const std::string& why) -> JemmapesAction { throw std::invalid_argument("'" + std::string(text) + "' is not a Jemmapes choice: " + why); };
  // A word or single id at `i` ("" past the end or for a list).
  auto one = [&](std::size_t i) -> std::string {
    if (i >= n) return bad("it ends too soon"), "";
    if (t[i].items.size() != 1) return bad("a list where one id or word belongs"), "";
    return t[i].items[0];
  };
  auto word = [&](std::size_t i, const char* w) { return i < n && t[i].items.size() == 1 && t[i].items[0] == w; };
  JemmapesAction a;
  // Steps 2 and 3.
  const std::string first = t[0].items.size() == 1 ? t[0].items[0] : "";
  if (n == 1 && (first == "keep" || first == "pass" || first == "end" || first == "none")) {
    a.kind = first == "keep" ? K::Keep : first == "pass" ? K::Pass : first == "end" ? K::End : K::None;
  } else if (first == "attempt" && (n == 2 || (n == 4 && word(2, "with") && word(3, "general")))) {
    a.kind = K::Attempt, a.order = order_of(one(1)), a.flag = n == 4;
  } else if ((first == "activate" || first == "move" || first == "enter" || first == "follow") && n == 2) {
    a.kind = first == "activate" ? K::Activate : first == "move" ? K::Move : first == "enter" ? K::Enter : K::Follow, a.unit = one(1);
  } else if (first == "step" && n == 2) {
    a.kind = K::Step, a.hex = hex_of(one(1), map);
  } else if (first == "pivot" && n == 2) {
    a.kind = K::Pivot, a.facing = facing_of(one(1));
  } else if (first == "fire" && n == 2) {
    a.kind = K::ReactFire, a.type = type_of(one(1));
  } else if (first == "fire" && n == 6 && word(2, "at") && word(4, "by")) {
    a.kind = K::Fire, a.type = type_of(one(1)), a.hex = hex_of(one(3), map), a.units = t[5].items;
  } else if (first == "assault" && n >= 6 && word(2, "by") && word(4, "head")) {
    a.kind = K::Assault, a.hex = hex_of(one(1), map), a.units = t[3].items, a.unit = one(5);
    std::size_t i = 6;
    if (word(i, "bayonet") && i + 1 < n) a.bayonet = t[i + 1].items, i += 2;
    if (word(i, "charge")) a.flag = true, ++i;
    if (word(i, "with")) a.commander = one(i + 1), i += 2;
    if (i != n) bad("words after its end");
  } else if (first == "head" && n >= 2) {
    a.kind = K::Head, a.unit = one(1);
    std::size_t i = 2;
    if (word(i, "countercharge")) a.flag = true, ++i;
    if (word(i, "with")) a.commander = one(i + 1), i += 2;
    if (i != n) bad("words after its end");
  } else if (first == "retreat" && n == 4 && word(2, "to")) {
    a.kind = K::Retreat, a.unit = one(1), a.hex = hex_of(one(3), map);
  } else if (first == "place" && n == 4 && word(2, "at")) {
    a.kind = K::Place, a.unit = one(1), a.hex = hex_of(one(3), map);
  } else if (first == "advance" && n == 3) {
    a.kind = K::Advance, a.unit = one(1), a.facing = facing_of(one(2));
  } else if (first == "rally" && (n == 2 || (n == 4 && word(2, "with")))) {
    a.kind = K::Rally, a.unit = one(1);
    if (n == 4) a.commander = one(3);
  } else if (n == 1 || n == 2 || (n == 4 && word(2, "as") && word(3, "reserve"))) {
    a.kind = K::MoveTo, a.hex = hex_of(one(0), map);
    if (n >= 2) a.facing = facing_of(one(1));
    a.flag = n == 4;
  } else {
    bad("no choice has this form");
  }
  // Step 4.
  if (to_text(a, map) != text) bad("its canonical form is '" + to_text(a, map) + "'");
  return a;
}

}  // namespace

std::string to_text(const JemmapesAction& a, const Map& map) {
  switch (a.kind) {
    case K::Keep: return "keep";
    case K::Attempt: return std::string("attempt ") + jemmapes::to_string(a.order) + (a.flag ? " with general" : "");
    case K::Pass: return "pass";
    case K::Activate: return "activate " + id_text(a.unit);
    case K::End: return "end";
    case K::Move: return "move " + id_text(a.unit);
    case K::Enter: return "enter " + id_text(a.unit);
    case K::MoveTo:
      return map.name(a.hex) + (a.facing ? std::string(" ") + jemmapes::facing_name(*a.facing) : "") + (a.flag ? " as reserve" : "");
    case K::None: return "none";
    case K::Step: return "step " + map.name(a.hex);
    case K::Pivot: return std::string("pivot ") + jemmapes::facing_name(a.facing.value_or(Direction::N));
    case K::ReactFire: return std::string("fire ") + jemmapes::to_string(a.type);
    case K::Fire: return std::string("fire ") + jemmapes::to_string(a.type) + " at " + map.name(a.hex) + " by " + ids(a.units);
    case K::Assault: {
      std::string s = "assault " + map.name(a.hex) + " by " + ids(a.units) + " head " + id_text(a.unit);
      if (!a.bayonet.empty()) s += " bayonet " + ids(a.bayonet);
      if (a.flag) s += " charge";
      if (!a.commander.empty()) s += " with " + id_text(a.commander);
      return s;
    }
    case K::Head:
      return "head " + id_text(a.unit) + (a.flag ? " countercharge" : "") + (a.commander.empty() ? "" : " with " + id_text(a.commander));
    case K::Retreat: return "retreat " + id_text(a.unit) + " to " + map.name(a.hex);
    case K::Place: return "place " + id_text(a.unit) + " at " + map.name(a.hex);
    case K::Advance: return "advance " + id_text(a.unit) + " " + jemmapes::facing_name(a.facing.value_or(Direction::N));
    case K::Follow: return "follow " + id_text(a.unit);
    case K::Rally: return "rally " + id_text(a.unit) + (a.commander.empty() ? "" : " with " + id_text(a.commander));
  }
  return {};
}

JemmapesAction parse_jemmapes_action(std::string_view text, const Map& map) { return parse_tokens(text, map); }

}  // namespace hexlaw::play
