// Owns: the spec the engine runs under — the rule catalog and the tables read from one spec
// directory, loaded together and handed to the engine as one parameter. The engine never
// chooses a spec: the programs at the top do (the CLI's --spec, the Python module's default or
// hexlaw.Spec(dir), the tests' source tree), and what is read under a spec carries it (a case
// file, a rule set, a scenario, an answer), so its catalog and tables outlive whatever cites
// them. A loaded spec never changes: any number of threads may read it.
#pragma once

#include <filesystem>
#include <memory>

#include "engine/core/catalog.h"
#include "engine/core/tables.h"

namespace hexlaw {

struct Spec {
  Catalog catalog;
  TableSet tables;

  // Loads and validates the catalog and the tables of `spec_dir` (its catalog/ and tables/);
  // throws SpecError naming the file and field.
  static std::shared_ptr<const Spec> load(const std::filesystem::path& spec_dir);
  const std::filesystem::path& dir() const { return catalog.spec_dir(); }
};

}  // namespace hexlaw
