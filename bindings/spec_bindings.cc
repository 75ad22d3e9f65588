// Owns: which spec Python runs under — hexlaw.Spec(dir) loads another spec directory, and
// hexlaw.default_spec() is the module's own: the source tree's spec/ the module was built
// from, loaded on first use. Every function that reads or answers takes `spec=None`, meaning
// the default; what it returns keeps the spec it was read under.
#include <pybind11/pybind11.h>

#include "bindings/bindings.h"
#include "engine/core/spec.h"

#ifndef HEXLAW_SOURCE_SPEC_DIR
#define HEXLAW_SOURCE_SPEC_DIR "spec"
#endif

namespace hexlaw::py {

namespace pyb = pybind11;

const std::shared_ptr<Spec>& default_spec() {
  static const std::shared_ptr<Spec> spec = std::const_pointer_cast<Spec>(Spec::load(HEXLAW_SOURCE_SPEC_DIR));
  return spec;
}

std::shared_ptr<const Spec> spec_or_default(const pyb::object& given) {
  if (given.is_none()) return default_spec();
  if (!pyb::isinstance<Spec>(given)) throw pyb::type_error("spec= takes a hexlaw.Spec (or None for default_spec())");
  return given.cast<std::shared_ptr<Spec>>();
}

std::shared_ptr<const Spec> spec_for_dir(const std::string& dir) {
  const auto& fallback = default_spec();
  return dir == fallback->dir().string() ? fallback : Spec::load(dir);
}

void bind_spec(pyb::module_& m) {
  pyb::class_<Spec, std::shared_ptr<Spec>>(m, "Spec",
                                          "A spec directory's rule catalog and tables, loaded and checked once. "
                                          "Pass it as spec= to ask, check, rule, rules, load_scenario, Game, "
                                          "generated_scenario and replay; the default is default_spec().")
      .def(pyb::init([](const pyb::object& dir) {
             return std::const_pointer_cast<Spec>(Spec::load(pyb::str(dir).cast<std::string>()));
           }),
           pyb::arg("dir"), "Load the spec in `dir` (its catalog/ and tables/); raises hexlaw.SpecError.")
      .def_property_readonly("dir", [](const Spec& s) { return s.dir().string(); })
      .def("__repr__", [](const Spec& s) { return "<Spec " + s.dir().string() + ">"; });
  m.def("default_spec", &default_spec, "The spec the module uses unless told otherwise: the source tree's spec/.");
}

}  // namespace hexlaw::py
