// Owns: core engine types from Python — hex numbers and geometry, dice sources and the game
// state (which pickles through the engine's own JSON serialisation).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/bindings.h"
#include "engine/core/dice.h"
#include "engine/core/errors.h"
#include "engine/n20/state.h"

namespace hexlaw::py {

namespace pyb = pybind11;

namespace {
ColumnLayout layout_of(const std::string& name) {
  auto l = parse_column_layout(name);
  if (!l) throw CaseError("<argument>", "layout", "unknown column layout '" + name + "'");
  return *l;
}
Hex hex_of(const std::string& ccrr, const std::string& layout) {
  auto p = parse_ccrr(ccrr);
  if (!p) throw CaseError("<argument>", "hex", "'" + ccrr + "' is not a four-digit CCRR hex number");
  return to_axial(*p, layout_of(layout));
}
}  // namespace

void bind_core(pyb::module_& m) {
  m.def(
      "distance",
      [](const std::string& a, const std::string& b, const std::string& layout) {
        return distance(hex_of(a, layout), hex_of(b, layout));
      },
      pyb::arg("a"), pyb::arg("b"), pyb::arg("layout") = "odd-columns-low", "Hexes between two printed hex numbers.");
  m.def(
      "neighbours",
      [](const std::string& h, const std::string& layout) {
        std::vector<std::string> out;
        for (Hex n : neighbours(hex_of(h, layout))) out.push_back(format_ccrr(to_printed(n, layout_of(layout))));
        return out;
      },
      pyb::arg("hex"), pyb::arg("layout") = "odd-columns-low", "The six neighbours, clockwise from north.");

  pyb::class_<SeededDice>(m, "SeededDice", "Dice from a seed: the same seed gives the same rolls everywhere.")
      .def(pyb::init<std::uint64_t>(), pyb::arg("seed"))
      .def("roll", &SeededDice::roll, pyb::arg("sides") = 6, pyb::arg("rule") = "", pyb::arg("purpose") = "");
  pyb::class_<ScriptedDice>(m, "ScriptedDice", "Dice that give a fixed list of rolls, failing loudly when misused.")
      .def(pyb::init<std::vector<int>>(), pyb::arg("rolls"))
      .def("roll", &ScriptedDice::roll, pyb::arg("sides") = 6, pyb::arg("rule") = "", pyb::arg("purpose") = "")
      .def("finish", &ScriptedDice::finish, "Raise DiceScriptError if rolls remain unused.");

  pyb::class_<GameState>(m, "GameState", "A game state: units, turn, phase, morale. Copies are independent.")
      .def_static(
          "from_json",
          [](const std::string& text, const std::string& layout) {
            return state_from_json_text(text, layout_of(layout), "<json>");
          },
          pyb::arg("text"), pyb::arg("layout") = "odd-columns-low")
      .def(
          "to_json", [](const GameState& s, const std::string& layout) { return to_json_text(s, layout_of(layout)); },
          pyb::arg("layout") = "odd-columns-low")
      .def_readwrite("turn", &GameState::turn)
      .def_readwrite("phase", &GameState::phase)
      .def_readwrite("phasing", &GameState::phasing)
      .def_readwrite("night", &GameState::night)
      .def_readwrite("weather", &GameState::weather)
      .def_readwrite("morale", &GameState::morale)
      .def("copy", [](const GameState& s) { return GameState(s); })
      .def("__eq__", [](const GameState& a, const GameState& b) { return a == b; })
      .def(pyb::pickle([](const GameState& s) { return to_json_text(s, ColumnLayout::OddColumnsLow); },
                       [](const std::string& text) {
                         return state_from_json_text(text, ColumnLayout::OddColumnsLow, "<pickle>");
                       }))
      // Every protocol, 0 included, rebuilds through a module function (never an empty object).
      .def("__reduce__", [](const GameState& s) {
        return pyb::make_tuple(pyb::module_::import("hexlaw").attr("_from_pickle"),
                               pyb::make_tuple("state", to_json_text(s, ColumnLayout::OddColumnsLow)));
      });
  m.def(
      "_from_pickle_state",
      [](const std::string& text) { return state_from_json_text(text, ColumnLayout::OddColumnsLow, "<pickle>"); },
      "Rebuilds a pickled GameState from its JSON.");
}

}  // namespace hexlaw::py
