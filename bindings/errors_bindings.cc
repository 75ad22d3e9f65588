// Owns: C++ errors as Python exceptions with the same message: hexlaw.CaseError for bad
// case input, hexlaw.RuleRefused (a CaseError) when a rule implemented in part refuses the
// question by name, hexlaw.SpecError for a broken spec, hexlaw.DiceScriptError, and
// hexlaw.UnknownRuleError for a rule id the catalog lacks.
#include <pybind11/pybind11.h>

#include "bindings/bindings.h"
#include "engine/core/errors.h"

namespace hexlaw::py {

namespace pyb = pybind11;

void bind_errors(pyb::module_& m) {
  static pyb::exception<InputError> input_error(m, "InputError", PyExc_ValueError);
  static pyb::exception<CaseError> case_error(m, "CaseError", input_error.ptr());
  static pyb::exception<CaseRefused> refused(m, "RuleRefused", case_error.ptr());
  static pyb::exception<SpecError> spec_error(m, "SpecError", input_error.ptr());
  static pyb::exception<UnknownRuleError> unknown_rule(m, "UnknownRuleError", PyExc_KeyError);
  static pyb::exception<DiceScriptError> dice_error(m, "DiceScriptError", PyExc_RuntimeError);
  pyb::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const CaseRefused& e) {
      PyErr_SetString(refused.ptr(), e.what());
    } catch (const RuleRefusal& e) {  // from a played game: the same Python error
      PyErr_SetString(refused.ptr(), e.what());
    } catch (const CaseError& e) {
      PyErr_SetString(case_error.ptr(), e.what());
    } catch (const SpecError& e) {
      PyErr_SetString(spec_error.ptr(), e.what());
    } catch (const InputError& e) {
      PyErr_SetString(input_error.ptr(), e.what());
    } catch (const UnknownRuleError& e) {
      PyErr_SetString(unknown_rule.ptr(), e.what());
    } catch (const DiceScriptError& e) {
      PyErr_SetString(dice_error.ptr(), e.what());
    }
  });
}

}  // namespace hexlaw::py
