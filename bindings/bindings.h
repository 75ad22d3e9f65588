// Owns: the per-area binding entry points; module.cc holds the one PYBIND11_MODULE.
#pragma once

#include <pybind11/pybind11.h>

namespace hexlaw::py {

void bind_errors(pybind11::module_& m);     // errors_bindings.cc
void bind_core(pybind11::module_& m);       // core_bindings.cc: hexes, dice, state
void bind_catalog(pybind11::module_& m);    // catalog_bindings.cc: rule(), rules()
void bind_questions(pybind11::module_& m);  // questions_bindings.cc: ask(), Answer
void bind_game(pybind11::module_& m);       // game_bindings.cc: load_scenario(), Game, replay()

// JSON text <-> Python objects through Python's json module.
pybind11::object json_to_python(const std::string& text);
std::string python_to_json(const pybind11::handle& obj);

}  // namespace hexlaw::py
