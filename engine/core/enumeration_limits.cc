// Owns: the values of the enumeration work limits and their budgets (enumeration_limits.h).
#include "engine/core/enumeration_limits.h"

#include <string>

#include "engine/core/errors.h"

namespace hexlaw {

const std::uint64_t kMaxChanceNodes = 2'000;
const std::uint64_t kMaxEnumeratedRolls = 10'000;

namespace {
thread_local std::uint64_t last_work[2] = {0, 0};
}  // namespace

EnumerationBudget::EnumerationBudget(Kind kind)
    : EnumerationBudget(kind, kind == Kind::ChanceNodes ? kMaxChanceNodes : kMaxEnumeratedRolls) {}

EnumerationBudget::~EnumerationBudget() {
  last_work[static_cast<int>(kind_)] = used_;
}

void EnumerationBudget::add(std::uint64_t work) {
  used_ += work;
  if (used_ <= limit_) return;
  throw LimitError(kind_ == Kind::ChanceNodes
                       ? "enumeration stopped: more than " + std::to_string(limit_) +
                             " chance nodes played (kMaxChanceNodes); ask a narrower question or use seeded dice"
                       : "enumeration stopped: more than " + std::to_string(limit_) +
                             " rolls over all its plays (kMaxEnumeratedRolls); ask a narrower question or use seeded dice");
}

std::uint64_t last_enumeration_work(EnumerationBudget::Kind kind) { return last_work[static_cast<int>(kind)]; }

}  // namespace hexlaw
