// Owns: the Jemmapes 1792 interpretation switches the engine implements — each a reading the
// source leaves open (a lost DRM sign, an ambiguous phrase), named in the catalog note that
// records it, with its readings (the first is the default). A case picks a reading under
// `interpretations`; a switch the catalog records but the engine does not read yet is refused
// by name, and an unknown reading is an error listing the known ones.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace hexlaw::jemmapes {

struct SwitchDef {
  std::string name;
  std::vector<std::string> readings;  // readings[0] is the default
};

// Every switch the engine reads, with its readings.
const std::vector<SwitchDef>& implemented_switches();
// The definition of `name`, or null when the engine does not read it.
const SwitchDef* find_switch(std::string_view name);

// The readings a question runs under: the case's choices over the defaults.
class Readings {
 public:
  Readings() = default;
  explicit Readings(std::map<std::string, std::string> chosen) : chosen_(std::move(chosen)) {}
  // The reading of `name` (a switch of implemented_switches(); std::logic_error otherwise).
  const std::string& of(std::string_view name) const;
  bool is(std::string_view name, std::string_view reading) const { return of(name) == reading; }

 private:
  std::map<std::string, std::string> chosen_;
};

}  // namespace hexlaw::jemmapes
