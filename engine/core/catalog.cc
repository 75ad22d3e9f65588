// Owns: loading and validating the rule catalog (see docs/spec-format.md).
#include "engine/core/catalog.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <regex>

#include "engine/core/errors.h"
#include "engine/core/yaml_read.h"

namespace hexlaw {
namespace {

using SpecField = Field<SpecError>;

template <std::size_t N>
bool one_of(const std::string& value, const std::string_view (&allowed)[N]) {
  return std::find(std::begin(allowed), std::end(allowed), value) != std::end(allowed);
}

template <std::size_t N>
std::string join(const std::string_view (&items)[N]) {
  std::string out;
  for (auto s : items) out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

RuleCase read_case(const SpecField& f, const std::string& book, const std::string& rel) {
  f.expect_keys({"id", "title", "kind", "status", "status_reason", "summary", "printings",
                 "printing_differences", "overrides", "related", "data", "notes"});
  RuleCase c;
  c.file = rel;
  c.line = f.line();
  c.id = f.required("id").str();
  std::string why;
  auto id = parse_rule_id(c.id, &why);
  if (!id) f["id"].fail(why);
  c.book = id->book;
  c.number = id->number;
  if (c.book != book) f["id"].fail("id '" + c.id + "' is not in this file's book '" + book + "'");
  c.title = f.required("title").str();
  c.kind = f.required("kind").str();
  if (!one_of(c.kind, kKinds)) f["kind"].fail("unknown kind '" + c.kind + "' (one of " + join(kKinds) + ")");
  c.status = f.required("status").str();
  if (!one_of(c.status, kStatuses))
    f["status"].fail("unknown status '" + c.status + "' (one of " + join(kStatuses) + ")");
  c.status_reason = f["status_reason"].str_or("");
  if (c.status != "implement" && c.status_reason.empty())
    f["status_reason"].fail("required when status is '" + c.status + "'");
  c.summary = f.required("summary").str();
  c.printings = f["printings"].str_list();
  if (book == "std" && c.printings.empty()) f["printings"].fail("a std case must list its printings");
  if (book != "std" && !c.printings.empty()) f["printings"].fail("only std cases have printings");
  for (const auto& p : c.printings)
    if (!one_of(p, kPrintings)) f["printings"].fail("unknown printing '" + p + "' (one of " + join(kPrintings) + ")");
  c.printing_differences = f["printing_differences"].str_or("");
  c.overrides = f["overrides"].str_list();
  c.related = f["related"].str_list();
  c.data = f["data"].str_or("");
  f["notes"].for_each_item([&](const SpecField& n) {
    n.expect_keys({"kind", "text", "ruling", "switch"});
    RuleNote note{n.required("kind").str(), n.required("text").str(), n.required("ruling").str(),
                  n["switch"].str_or("")};
    if (!one_of(note.kind, kNoteKinds))
      n["kind"].fail("unknown note kind '" + note.kind + "' (one of " + join(kNoteKinds) + ")");
    c.notes.push_back(std::move(note));
  });
  return c;
}

// A hash of a rule id from its length and its first and last bytes, read as words without a
// loop (ids are short: "std:9.8.2"; ids alike but for their middle only share a slot chain).
std::uint32_t id_hash(std::string_view id) {
  const char* p = id.data();
  const std::size_t n = id.size();
  std::uint64_t a = 0, b = 0;
  if (n >= 8) {
    std::memcpy(&a, p, 8);
    std::memcpy(&b, p + n - 8, 8);
  } else if (n >= 4) {
    std::uint32_t x, y;
    std::memcpy(&x, p, 4);
    std::memcpy(&y, p + n - 4, 4);
    a = x, b = y;
  } else {
    for (std::size_t i = 0; i < n; ++i) a = a << 8 | static_cast<unsigned char>(p[i]);
  }
  std::uint64_t h = (a ^ n) * 0x9E3779B97F4A7C15ull;
  h ^= (b + (h >> 31)) * 0xC2B2AE3D27D4EB4Full;
  return static_cast<std::uint32_t>(h ^ (h >> 32));
}

}  // namespace

std::optional<RuleId> parse_rule_id(std::string_view text, std::string* why) {
  static const std::regex kForm(R"(^(std|jena|dresden|leipzig|jemmapes):((\d+(\.\d+)*[a-z]?)|(table\.[a-z0-9]+(-[a-z0-9]+)*))$)");
  std::cmatch m;
  if (!std::regex_match(text.begin(), text.end(), m, kForm)) {
    if (why) {
      const auto colon = text.find(':');
      if (colon == std::string_view::npos)
        *why = "rule id '" + std::string(text) + "' is not of the form book:number (e.g. std:9.8.2)";
      else if (!one_of(std::string(text.substr(0, colon)), kBooks))
        *why = "rule id '" + std::string(text) + "' names an unknown book (one of " + join(kBooks) + ")";
      else
        *why = "rule id '" + std::string(text) + "' has a malformed number (e.g. 9.8.2, 7.0, table.crt)";
    }
    return std::nullopt;
  }
  return RuleId{m[1].str(), m[2].str()};
}

Catalog Catalog::load(const std::filesystem::path& spec_dir) {
  namespace fs = std::filesystem;
  Catalog cat;
  cat.spec_dir_ = spec_dir;
  const fs::path dir = spec_dir / "catalog";
  if (!fs::is_directory(dir)) throw SpecError(dir.string(), "", "catalog directory not found");
  // Step A. Read every file, checking each entry on its own.
  for (const auto& path : yaml_files_under(dir.string())) {
    const std::string rel = fs::relative(path, spec_dir).string();
    auto root = SpecField::load_file(path);
    root.expect_keys({"book", "sources", "cases"});
    const std::string book = root.required("book").str();
    if (!one_of(book, kBooks)) root["book"].fail("unknown book '" + book + "' (one of " + join(kBooks) + ")");
    root.required("cases").for_each_item([&](const SpecField& f) {
      RuleCase c = read_case(f, book, rel);
      if (const RuleCase* first = cat.find(c.id))
        f["id"].fail("duplicate id '" + c.id + "' (first at " + first->file + ":" +
                     std::to_string(first->line) + ")");
      cat.cases_.push_back(std::move(c));
      cat.index_last_case();
    });
  }
  // Step B. Cross-entry checks: overrides and related point somewhere; table data exists.
  for (const auto& c : cat.cases_) {
    auto where = [&](const std::string& field) { return c.id + "." + field; };
    for (const auto& o : c.overrides) {
      if (!cat.has(o)) throw SpecError(c.file, where("overrides"), "'" + o + "' points nowhere", c.line);
      if (o.rfind(c.book + ":", 0) == 0)
        throw SpecError(c.file, where("overrides"), "a case cannot override its own book", c.line);
    }
    for (const auto& r : c.related)
      if (!cat.has(r)) throw SpecError(c.file, where("related"), "'" + r + "' points nowhere", c.line);
    if (!c.data.empty() && !fs::exists(spec_dir / c.data))
      throw SpecError(c.file, where("data"), "table file '" + c.data + "' does not exist", c.line);
  }
  return cat;
}

std::uint64_t Catalog::Generation::next() {
  static std::atomic<std::uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

const RuleCase* Catalog::find(std::string_view id) const {
  if (slots_.empty()) return nullptr;
  const std::uint32_t h = id_hash(id);
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t k = h & mask;; k = (k + 1) & mask) {
    const Slot& s = slots_[k];
    if (s.case_plus_one == 0) return nullptr;
    if (s.hash == h && cases_[s.case_plus_one - 1].id == id) return &cases_[s.case_plus_one - 1];
  }
}

// Places cases_[i] in the first free slot from its id's hash.
void Catalog::place(std::size_t i) {
  const std::uint32_t h = id_hash(cases_[i].id);
  const std::size_t mask = slots_.size() - 1;
  std::size_t k = h & mask;
  while (slots_[k].case_plus_one != 0) k = (k + 1) & mask;
  slots_[k] = Slot{h, static_cast<std::uint32_t>(i + 1)};
}

// Indexes the case just added, keeping the table at most half full: when the new case would
// pass that, the table doubles and every case is placed again.
void Catalog::index_last_case() {
  if (cases_.size() * 2 > slots_.size()) {
    slots_.assign(std::max<std::size_t>(64, slots_.size() * 2), Slot{});
    for (std::size_t i = 0; i + 1 < cases_.size(); ++i) place(i);
  }
  place(cases_.size() - 1);
}

}  // namespace hexlaw
