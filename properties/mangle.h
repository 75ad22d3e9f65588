// Owns: what the fuzz properties share — the texts of every YAML file under a folder, and the
// text mangler (a line dropped, a value swapped for junk, the text cut short or a line doubled),
// so that every loader is fed the same kinds of damage.
#pragma once

#include <rapidcheck.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace hexlaw {

// The text of every *.yaml file below `dir`, sorted.
inline std::vector<std::string> yaml_texts_under(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.path().extension() == ".yaml") {
      std::ifstream in(e.path());
      std::stringstream buf;
      buf << in.rdbuf();
      out.push_back(buf.str());
    }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::string mangle(std::string text) {
  const int how = *rc::gen::inRange(0, 4);
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  if (lines.empty()) return text;
  const auto at = static_cast<std::size_t>(*rc::gen::inRange<int>(0, static_cast<int>(lines.size())));
  switch (how) {
    case 0:  // drop a line
      lines.erase(lines.begin() + static_cast<long>(at));
      break;
    case 1: {  // replace the value after a colon with junk
      auto& l = lines[at];
      const auto colon = l.find(": ");
      const std::string junk = *rc::gen::element<std::string>("-1", "99", "\"0O07\"", "[]", "{}", "null", "x",
                                                               "\"std:99.9\"", "[1, 2, 3]", "true", "\"\"");
      if (colon != std::string::npos) l = l.substr(0, colon + 2) + junk;
      break;
    }
    case 2: {  // cut the text short
      std::string joined;
      for (const auto& l : lines) joined += l + "\n";
      return joined.substr(0, static_cast<std::size_t>(*rc::gen::inRange<int>(0, static_cast<int>(joined.size()) + 1)));
    }
    default:  // duplicate a line
      lines.insert(lines.begin() + static_cast<long>(at), lines[at]);
  }
  std::string joined;
  for (const auto& l : lines) joined += l + "\n";
  return joined;
}

}  // namespace hexlaw
