// Owns: the per-area binding entry points; module.cc holds the one PYBIND11_MODULE.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "engine/core/catalog.h"
#include "engine/core/dice.h"
#include "engine/n20/state.h"
#include "engine/core/spec.h"
#include "engine/play/game.h"
#include "engine/play/jemmapes_game.h"
#include "engine/questions/answer.h"
#include "engine/core/symbol.h"
#include "engine/core/yaml_read.h"
#include "engine/questions/answer.h"
#include "engine/questions/case_file.h"

// Interned names cross into Python as str, and morale tracks as a dict of str to int.
namespace pybind11::detail {
template <>
struct type_caster<hexlaw::Symbol> {
  PYBIND11_TYPE_CASTER(hexlaw::Symbol, const_name("str"));
  bool load(handle src, bool) {
    if (!isinstance<str>(src)) return false;
    value = hexlaw::Symbol(src.cast<std::string>());
    return true;
  }
  static handle cast(hexlaw::Symbol s, return_value_policy, handle) { return str(s.str()).release(); }
};
template <>
struct type_caster<hexlaw::MoraleTracks> {
  PYBIND11_TYPE_CASTER(hexlaw::MoraleTracks, const_name("dict[str, int]"));
  bool load(handle src, bool) {
    if (!isinstance<dict>(src)) return false;
    hexlaw::MoraleTracks tracks;
    for (auto [k, v] : reinterpret_borrow<dict>(src)) {
      if (!isinstance<str>(k) || !isinstance<int_>(v)) return false;
      if (tracks.size() == hexlaw::MoraleTracks::kMax) throw value_error("a game has at most 4 morale tracks");
      tracks[hexlaw::Symbol(k.cast<std::string>())] = v.cast<int>();
    }
    value = tracks;
    return true;
  }
  static handle cast(const hexlaw::MoraleTracks& m, return_value_policy, handle) {
    dict d;
    for (const auto& [track, points] : m) d[str(track.str())] = points;
    return d.release();
  }
};

// A bound object made with T.__new__(T) and never initialised holds no C++ value: pybind11
// would hand the methods uninitialised memory. Every hexlaw class loads through this caster,
// which refuses such an object with TypeError (issue 16).
template <class T>
struct initialised_caster : type_caster_base<T> {
  bool load(handle src, bool convert) {
    if (src && isinstance(src, type::handle_of<T>())) {
      auto* inst = reinterpret_cast<instance*>(src.ptr());
      // __new__ leaves the value pointer null (an object that only refers to C++ data, such
      // as a catalog entry, has one but no holder of its own).
      if (!inst->get_value_and_holder(get_type_info(typeid(T))).value_ptr())
        throw type_error(std::string("this ") + Py_TYPE(src.ptr())->tp_name +
                         " was never initialised: make one through hexlaw's functions, not __new__");
    }
    return type_caster_base<T>::load(src, convert);
  }
};
#define HEXLAW_INITIALISED_CASTER(T) \
  template <>                        \
  class type_caster<T> : public initialised_caster<T> {};
HEXLAW_INITIALISED_CASTER(hexlaw::play::Game)
HEXLAW_INITIALISED_CASTER(hexlaw::play::Scenario)
HEXLAW_INITIALISED_CASTER(hexlaw::Answer)
HEXLAW_INITIALISED_CASTER(hexlaw::GameState)
HEXLAW_INITIALISED_CASTER(hexlaw::Spec)
HEXLAW_INITIALISED_CASTER(hexlaw::SeededDice)
HEXLAW_INITIALISED_CASTER(hexlaw::ScriptedDice)
HEXLAW_INITIALISED_CASTER(hexlaw::RuleCase)
HEXLAW_INITIALISED_CASTER(hexlaw::RuleNote)
HEXLAW_INITIALISED_CASTER(hexlaw::play::JemmapesGame)
HEXLAW_INITIALISED_CASTER(hexlaw::play::JemmapesScenario)
#undef HEXLAW_INITIALISED_CASTER
}  // namespace pybind11::detail

namespace hexlaw::py {

void bind_errors(pybind11::module_& m);     // errors_bindings.cc
void bind_spec(pybind11::module_& m);       // spec_bindings.cc: Spec, default_spec()
void bind_core(pybind11::module_& m);       // core_bindings.cc: hexes, dice, state
void bind_catalog(pybind11::module_& m);    // catalog_bindings.cc: rule(), rules()
void bind_questions(pybind11::module_& m);  // questions_bindings.cc: ask(), Answer
void bind_game(pybind11::module_& m);       // game_bindings.cc: load_scenario(), Game, replay()
void bind_desk(pybind11::module_& m);       // desk_bindings.cc: Position, GameState's units and repr
void bind_jemmapes_game(pybind11::module_& m);  // jemmapes_game_bindings.cc: JemmapesGame, jemmapes_replay()

// Python objects <-> the engine's data with no text in between (convert.cc). A dict (or any
// JSON-like value) becomes the document the engine's readers read; errors are CaseErrors
// naming `name` ("<dict>") and the field. A JSON result becomes dicts, lists and scalars,
// exactly as json.loads would give its text.
// The spec a call runs under (spec_bindings.cc): the hexlaw.Spec given as `spec=`, or the
// module's default when None (taken as an object, so None costs pybind11 no second pass over
// the overloads); and the spec of a directory, the default when it is the default's (for
// unpickling).
const std::shared_ptr<Spec>& default_spec();
std::shared_ptr<const Spec> spec_or_default(const pybind11::object& given);
std::shared_ptr<const Spec> spec_for_dir(const std::string& dir);

// The desk (desk_bindings.cc): an Answer keeps the case it was asked from, so it can draw
// itself; the Answer class gains svg(), _repr_svg_, _repr_html_ and readable().
void attach_case(pybind11::object& answer, std::shared_ptr<const CaseFile> c);
void bind_answer_pictures(pybind11::class_<Answer>& cls);

// A str, bytes or os.PathLike argument read as text or as a path (convert.cc). A PathLike is
// a path; a str or bytes is text unless it is one line, does not open like JSON ('{' or '['),
// and names an existing file or ends in .yaml, .yml or .json — so text of any length is never
// taken for a file name. Raises TypeError for any other type (naming `arg` and `expected`)
// and CaseError for text that is not valid Unicode.
struct TextOrPath {
  bool path = false;
  std::string value;
};
TextOrPath text_or_path(const pybind11::handle& obj, const char* arg, const char* expected);
// A str argument's UTF-8 (TypeError for any other type, CaseError for unpaired surrogates).
std::string str_arg(const pybind11::handle& obj, const char* arg);

// A played game's log from Python: a dict {scenario, seed, decisions} or its JSON text (str or
// bytes); TypeError for anything else (game_bindings.cc). And back, as that dict.
play::GameLog log_from_python(const pybind11::object& obj);
pybind11::dict log_to_python(const play::GameLog& l);

std::shared_ptr<const Doc> python_to_doc(const pybind11::handle& obj, const std::string& name);
pybind11::object json_to_python(const nlohmann::json& j);

}  // namespace hexlaw::py
