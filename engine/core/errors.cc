// Owns: formatting of InputError messages ("file:line: field: reason").
#include "engine/core/errors.h"

namespace hexlaw {
namespace {
std::string format(const std::string& file, const std::string& field, const std::string& reason,
                   int line) {
  std::string out = file.empty() ? "<input>" : file;
  if (line > 0) out += ":" + std::to_string(line);
  out += ": ";
  if (!field.empty()) out += field + ": ";
  return out + reason;
}
}  // namespace

InputError::InputError(std::string file, std::string field, std::string reason, int line)
    : std::runtime_error(format(file, field, reason, line)),
      file_(std::move(file)),
      field_(std::move(field)),
      reason_(std::move(reason)),
      line_(line) {}

}  // namespace hexlaw
