// Owns: loading a spec directory (see spec.h).
#include "engine/core/spec.h"

namespace hexlaw {

std::shared_ptr<const Spec> Spec::load(const std::filesystem::path& spec_dir) {
  return std::make_shared<const Spec>(Spec{Catalog::load(spec_dir), TableSet::load(spec_dir)});
}

}  // namespace hexlaw
