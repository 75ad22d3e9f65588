// Owns: what every fuzz target shares — the spec it reads under, and the rule that only the
// engine's typed errors may escape an input (anything else aborts, which the fuzzer reports).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/core/spec.h"

namespace hexlaw::fuzz {

// The source tree's spec, loaded once.
std::shared_ptr<const Spec> spec();

// Runs `body`; returns normally after it or after a typed error of the engine (InputError:
// CaseError, SpecError, CaseRefused; RuleRefusal; DiceScriptError). Any other exception is a
// finding: it is printed and the process aborts.
template <class Body>
void typed_errors_only(const char* target, Body&& body);

[[noreturn]] void finding(const char* target, const std::string& what);

}  // namespace hexlaw::fuzz

// ---- implementation of the template ----
#include "engine/core/errors.h"

namespace hexlaw::fuzz {

template <class Body>
void typed_errors_only(const char* target, Body&& body) {
  try {
    body();
  } catch (const InputError&) {
  } catch (const RuleRefusal&) {
  } catch (const DiceScriptError&) {
  } catch (const std::exception& e) {
    finding(target, std::string("untyped exception: ") + e.what());
  }
}

}  // namespace hexlaw::fuzz
