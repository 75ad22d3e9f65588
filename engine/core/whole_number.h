// Owns: reading a whole number written inside a marker's text (sudden-death:10=3,
// mud-until-7, general-retreat-until-allied-north-14, a table's die faces 1-3): the one
// reader the layers share, so each refuses the same malformed text the same way.
#pragma once

#include <charconv>
#include <optional>
#include <string_view>

namespace hexlaw {

// The whole number that `digits` is, all of it: none when it is empty, holds anything but
// the number (10x, 1.5, a space) or is past int's range. A leading minus is read as a sign,
// so a caller that wants 0 and up checks the range itself.
inline std::optional<int> whole_number(std::string_view digits) {
  int n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return n;
}

}  // namespace hexlaw
