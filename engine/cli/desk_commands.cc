// Owns: `hexlaw draw`, the `--svg` pictures of `hexlaw ask` and `hexlaw explain` (desk_commands.h).
#include "engine/cli/desk_commands.h"

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "engine/draw/draw.h"

namespace hexlaw::cli {

namespace fs = std::filesystem;

std::string svg_target(const std::string& out, const CaseFile& c, bool many) {
  if (!many) return out;
  std::string name = c.name.empty() ? fs::path(c.file).stem().string() : c.name;
  return (fs::path(out) / (name + ".svg")).string();
}

void write_case_svg(const CaseFile& c, const Answer* a, const std::string& refusal, const std::string& path) {
  draw::Scene s = draw::position_scene(c);
  if (a) draw::add_answer(s, c, *a);
  if (!refusal.empty()) s.notes.push_back("Refused: " + refusal);
  const std::string text = draw::render_svg(s);
  std::error_code ec;
  const fs::path p(path);
  if (p.has_parent_path()) fs::create_directories(p.parent_path(), ec);
  std::ofstream f(path);
  if (!f || !(f << text)) throw InputError(path, "--svg", "cannot write the picture");
}

int run_draw(const std::shared_ptr<const Spec>& spec, const DrawArgs& args) {
  CaseFile c = load_case_file(spec, args.file, args.cases_root);
  draw::DrawOptions o;
  o.zoc_of = args.zoc;
  draw::Scene s = draw::position_scene(c, o);
  if (args.answer) {
    try {
      Answer a = ask(c);
      draw::add_answer(s, c, a);
    } catch (const CaseRefused& e) {
      s.notes.push_back("Refused: " + e.refusal());
    }
  }
  const std::string text = draw::render_svg(s);
  if (args.out.empty() || args.out == "-") {
    std::cout << text;
    return 0;
  }
  std::ofstream f(args.out);
  if (!f || !(f << text)) throw InputError(args.out, "--output", "cannot write the picture");
  return 0;
}

namespace {

// Each case's result in the newest run of the report database, and the rule's verdict; empty
// when there is no database (the report has not been run).
struct ReportView {
  bool present = false;
  std::string verdict;
  std::map<std::string, std::string> results;  // case name -> passed / failed / refused / error
};

ReportView read_report(const std::string& db_path, const std::string& id) {
  ReportView v;
  if (db_path.empty() || !fs::exists(db_path)) return v;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return v;
  }
  v.present = true;
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT verdict FROM verdict WHERE case_id = ?", -1, &st, nullptr) == SQLITE_OK) {
    sqlite3_bind_text(st, 1, id.c_str(), -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW) v.verdict = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
  }
  sqlite3_finalize(st);
  if (sqlite3_prepare_v2(db, "SELECT case_name, result FROM case_outcome WHERE run_id = (SELECT MAX(id) FROM run)", -1,
                         &st, nullptr) == SQLITE_OK)
    while (sqlite3_step(st) == SQLITE_ROW)
      v.results[reinterpret_cast<const char*>(sqlite3_column_text(st, 0))] =
          reinterpret_cast<const char*>(sqlite3_column_text(st, 1));
  sqlite3_finalize(st);
  sqlite3_close(db);
  return v;
}

}  // namespace

int run_explain(const std::shared_ptr<const Spec>& spec, const ExplainArgs& args) {
  std::string why;
  if (!parse_rule_id(args.id, &why)) throw InputError("<argument>", "rule", why);
  const RuleCase* rule = spec->catalog.find(args.id);
  if (!rule) throw InputError("<argument>", "rule", "'" + args.id + "' is not in the spec catalog");
  // 1. Every case file whose `rules` names the id (files that do not parse are counted).
  std::vector<std::string> files;
  std::error_code ec;
  if (fs::is_directory(args.cases_root, ec))
    for (const auto& e : fs::recursive_directory_iterator(args.cases_root))
      if (e.is_regular_file() && e.path().extension() == ".yaml") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::vector<std::pair<std::string, std::string>> hits;  // name, file
  int unreadable = 0;
  for (const auto& f : files) {
    try {
      CaseFile c = load_case_file(spec, f, args.cases_root);
      if (std::find(c.rules.begin(), c.rules.end(), args.id) != c.rules.end()) hits.emplace_back(c.name, f);
    } catch (const InputError&) {
      ++unreadable;
    }
  }
  // 2. Their results in the last report.
  const ReportView report = read_report(args.db, args.id);
  if (args.json) {
    nlohmann::json j = {{"id", rule->id}, {"title", rule->title}, {"status", rule->status},
                        {"report", report.present ? args.db : ""}, {"verdict", report.verdict}};
    nlohmann::json cs = nlohmann::json::array();
    for (const auto& [name, file] : hits) {
      auto it = report.results.find(name);
      cs.push_back({{"case", name}, {"file", file}, {"result", it == report.results.end() ? "" : it->second}});
    }
    j["cases"] = cs;
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::cout << rule->id << "  " << rule->title << "  [" << rule->kind << ", " << rule->status << "]\n";
  if (report.present) std::cout << "verdict in the last report: " << (report.verdict.empty() ? "(none)" : report.verdict) << "\n";
  else std::cout << "no report database at " << args.db << " (run `make report`)\n";
  std::cout << hits.size() << " case file(s) exercise it:\n";
  for (const auto& [name, file] : hits) {
    auto it = report.results.find(name);
    std::cout << "  " << name;
    if (report.present) std::cout << "  " << (it == report.results.end() ? "(not in the last run)" : it->second);
    std::cout << "\n";
  }
  if (unreadable) std::cout << "(" << unreadable << " case file(s) could not be read and were skipped)\n";
  return 0;
}

}  // namespace hexlaw::cli
