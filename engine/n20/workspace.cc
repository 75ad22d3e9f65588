// Owns: returning scratch to a rule set's workspace (see workspace.h).
#include "engine/n20/workspace.h"

namespace hexlaw::n20 {

// A search that ends while memory is short frees its scratch instead of keeping it.
void Workspace::give_back(Kind kind, std::unique_ptr<Scratch> item) noexcept {
  try {
    free_[static_cast<std::size_t>(kind)].push_back(std::move(item));
  } catch (...) {
  }
}

}  // namespace hexlaw::n20
