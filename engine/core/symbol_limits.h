// Owns: the bound on the process's table of interned names (symbol.h, issue 16). Interned texts
// are never freed, so hostile input (ever new unit ids or markers fed to one long-lived process:
// Python, `hexlaw ask --jsonl`) could grow the table for the life of the process; it holds at
// most kMaxInternedNames texts of kMaxInternedBytes in all, and interning past either throws
// NameLimitError, a CaseError on the field `names` (the case and scenario readers name their
// file). Names already held intern and read as before.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/core/errors.h"

namespace hexlaw {

// One case or scenario holds at most kMaxUnits (10,000) units, so the name limit leaves room
// for a hundred of the largest in one process, and for any number of ordinary ones that reuse
// their names.
inline constexpr std::uint32_t kMaxInternedNames = 1u << 20;             // distinct texts
inline constexpr std::size_t kMaxInternedBytes = std::size_t{64} << 20;  // their bytes, in all

// The interned-name table is full (see above).
class NameLimitError : public CaseError {
 public:
  using CaseError::CaseError;
};

// How many distinct texts, and how many bytes of text, the table holds now (the empty text
// not counted).
std::uint32_t interned_name_count();
std::size_t interned_name_bytes();

}  // namespace hexlaw
