// Owns: the unit-id character set check (limits.h).
#include "engine/core/limits.h"

#include "engine/core/yaml_read.h"

namespace hexlaw {

std::string unit_id_problem(const std::string& id) {
  if (id.empty()) return "a unit id cannot be empty";
  if (id.size() > static_cast<std::size_t>(kMaxUnitIdBytes))
    return "a unit id longer than " + std::to_string(kMaxUnitIdBytes) + " bytes (kMaxUnitIdBytes)";
  if (!valid_utf8(id)) return "a unit id in text that is not valid UTF-8";
  for (std::size_t i = 0; i < id.size(); ++i) {
    const auto c = static_cast<unsigned char>(id[i]);
    const bool c1 = c == 0xC2 && i + 1 < id.size() && static_cast<unsigned char>(id[i + 1]) <= 0x9F;  // U+0080..U+009F
    if (c < 0x20 || c == 0x7F || c1)
      return "a unit id holds printable characters only (no tab, line break or other control character)";
  }
  return {};
}

}  // namespace hexlaw
