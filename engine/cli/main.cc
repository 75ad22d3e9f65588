// Owns: the `hexlaw` command line. `hexlaw ask FILE` answers a rules question from a case
// file for a person (or as JSON with --json; --check compares with the expected answer);
// `hexlaw rule ID` prints a catalogued case; `hexlaw spec-check` validates spec/;
// `hexlaw draw FILE` draws a case's position (and `ask --svg OUT` the answer's picture);
// `hexlaw explain ID` lists the cases that exercise a rule (engine/cli/desk_commands.h);
// `hexlaw play SCENARIO` plays a whole game with a policy and `hexlaw replay SCENARIO LOG`
// plays one again from its log (engine/cli/play_command.h). Every command runs under the spec
// `--spec DIR` names (default: the source tree's spec/, compiled in); the engine never picks one.
// Exit status: 0 answered (and matched), 1 answer differs from the expectation,
// 2 bad input (file, field and reason on stderr), 3 internal error.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "engine/cli/desk_commands.h"
#include "engine/cli/play_command.h"
#include "engine/core/errors.h"
#include "engine/core/spec.h"
#include "engine/core/trace.h"
#include "engine/draw/readable.h"
#include "engine/questions/ask.h"

#ifndef HEXLAW_SOURCE_SPEC_DIR
#define HEXLAW_SOURCE_SPEC_DIR "spec"
#endif

namespace {

using namespace hexlaw;

// One compact JSON line per case (for the coverage report): the answer, the check, or the
// error; a bad case never stops the others.
int run_ask_jsonl(const std::shared_ptr<const Spec>& spec, const std::vector<std::string>& files,
                  const std::string& cases_root) {
  int status = 0;
  for (const auto& file : files) {
    nlohmann::json line = {{"file", file}};
    try {
      CaseFile c = load_case_file(spec, file, cases_root);
      line["case"] = c.name;
      line["rules"] = c.rules;
      try {
        Answer a = ask(c);
        CheckResult r = check(c, a);
        line["answer"] = a.to_json();
        line["check"] = {{"ok", r.ok}, {"mismatches", r.mismatches}};
        if (!r.ok) status = std::max(status, 1);
      } catch (const CaseRefused& e) {
        // A refusal the case expects is its answer; any other refusal is an error (exit 2).
        CheckResult r = check_refusal(c, e);
        if (c.expect.refused.empty()) throw;
        line["refused"] = {{"rule", e.rule()}, {"reason", e.refusal()}};
        line["check"] = {{"ok", r.ok}, {"mismatches", r.mismatches}};
        if (!r.ok) status = std::max(status, 1);
      }
    } catch (const InputError& e) {
      line["error"] = e.what();
      status = std::max(status, 2);
    } catch (const std::exception& e) {
      line["error"] = std::string("internal error: ") + e.what();
      status = std::max(status, 3);
    }
    // Text the engine echoes is UTF-8 (readers refuse anything else); `replace` keeps one bad
    // byte from stopping the batch all the same.
    std::cout << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << std::endl;
  }
  return status;
}

int run_ask(const std::shared_ptr<const Spec>& spec, const std::vector<std::string>& files, bool json, bool check_mode,
            const std::string& cases_root, const std::string& svg_out = "") {
  int status = 0;
  for (const auto& file : files) {
    try {
      CaseFile c = load_case_file(spec, file, cases_root);
      // --svg: the picture of the position with what the answer decided (or the refusal).
      if (!svg_out.empty()) {
        const std::string target = cli::svg_target(svg_out, c, files.size() > 1);
        try {
          Answer pa = ask(c);
          cli::write_case_svg(c, &pa, "", target);
        } catch (const CaseRefused& e) {
          cli::write_case_svg(c, nullptr, e.refusal(), target);
        }
      }
      if (check_mode && !c.expect.refused.empty()) {
        // The case expects a refusal: the refusal under that rule is its passing answer.
        CheckResult r;
        try {
          Answer a = ask(c);
          r = check(c, a);
        } catch (const CaseRefused& e) {
          r = check_refusal(c, e);
          if (json) std::cout << nlohmann::json{{"refused", {{"rule", e.rule()}, {"reason", e.refusal()}}}, {"check", {{"ok", r.ok}, {"mismatches", r.mismatches}}}}.dump(2) << "\n";
          else std::cout << "refused: " << e.refusal() << "\n";
        }
        if (!json) std::cout << (r.ok ? "check: OK\n" : "check: MISMATCH\n");
        for (const auto& m : r.mismatches) std::cerr << file << ": " << m << "\n";
        if (!r.ok) status = std::max(status, 1);
        continue;
      }
      Answer a = ask(c);
      CheckResult r;
      if (check_mode) r = check(c, a);
      if (json) {
        nlohmann::json j = a.to_json();
        if (check_mode) j["check"] = {{"ok", r.ok}, {"mismatches", r.mismatches}};
        std::cout << j.dump(2) << "\n";
      } else {
        if (files.size() > 1) std::cout << "== " << c.name << "\n";
        std::cout << draw::readable(a);
        if (check_mode) std::cout << (r.ok ? "check: OK\n" : "check: MISMATCH\n");
      }
      for (const auto& m : r.mismatches) std::cerr << file << ": " << m << "\n";
      if (!r.ok) status = std::max(status, 1);
    } catch (const InputError& e) {
      std::cerr << "error: " << e.what() << "\n";
      status = std::max(status, 2);
    } catch (const std::exception& e) {
      std::cerr << "internal error answering " << file << ": " << e.what() << "\n";
      status = std::max(status, 3);
    }
  }
  return status;
}

int run_rule(const Catalog& catalog, const std::string& id, bool json) {
  std::string why;
  if (!parse_rule_id(id, &why)) {
    std::cerr << "error: <argument>: rule: " << why << "\n";
    return 2;
  }
  const RuleCase* c = catalog.find(id);
  if (!c) {
    std::cerr << "error: <argument>: rule: '" << id << "' is not in the spec catalog\n";
    return 2;
  }
  if (json) {
    nlohmann::json j = {{"id", c->id},         {"title", c->title},   {"kind", c->kind},
                        {"status", c->status}, {"summary", c->summary}, {"printings", c->printings},
                        {"overrides", c->overrides}, {"related", c->related}, {"file", c->file}};
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::cout << c->id << "  " << c->title << "  [" << c->kind << ", " << c->status << "]\n" << c->summary << "\n";
  if (!c->printings.empty()) {
    std::cout << "printings:";
    for (const auto& p : c->printings) std::cout << " " << p;
    std::cout << "\n";
  }
  for (const auto& o : c->overrides) std::cout << "overrides " << o << "\n";
  for (const auto& n : c->notes) std::cout << "note (" << n.kind << "): " << n.text << "\n  ruling: " << n.ruling << "\n";
  return 0;
}

// `hexlaw report --diff RUN [--against RUN]`: the report's database belongs to report/, so
// the command hands over to report/diff.py (Debian's python3 runs it).
int run_report_diff(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"/usr/bin/python3", std::string(HEXLAW_SOURCE_DIR) + "/report/diff.py"};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> cargv;
  for (auto& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  ::execv(cargv[0], cargv.data());
  std::cerr << "error: cannot run " << argv[1] << " with " << argv[0] << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"hexlaw: a rules engine for hex-and-counter wargames"};
  app.require_subcommand(1);
  app.fallthrough();  // the options below may come before or after the command
  std::string spec_dir = HEXLAW_SOURCE_SPEC_DIR, trace_dir;
  app.add_option("--spec", spec_dir, "the spec directory (its catalog/ and tables/); default: the source tree's spec/");
  // The coverage report sets $HEXLAW_TRACE_DIR for every program it runs (CLI11 reads it here).
  app.add_option("--trace-dir", trace_dir, "write the rule ids this run cites to a file in this folder at exit")
      ->envname("HEXLAW_TRACE_DIR");
  bool json = false, check_mode = false, jsonl = false;
  std::vector<std::string> files;
  std::string cases_root, rule_id;
  auto* ask_cmd = app.add_subcommand("ask", "answer the rules question in each case file");
  ask_cmd->add_option("files", files, "case files (YAML or JSON)")->required();
  ask_cmd->add_flag("--json", json, "print the answer as JSON");
  ask_cmd->add_flag("--check", check_mode, "compare with the case's expected answer; exit 1 on a mismatch");
  ask_cmd->add_flag("--jsonl", jsonl, "one JSON line per case with answer, check and error (for tools)");
  ask_cmd->add_option("--cases-root", cases_root, "folder case names are relative to (default: none)");
  std::string svg_out;
  ask_cmd->add_option("--svg", svg_out, "also draw the position and the answer as SVG here (a folder for several files)");
  auto* rule_cmd = app.add_subcommand("rule", "print a catalogued rule case");
  rule_cmd->add_option("id", rule_id, "rule id, e.g. std:9.8.2")->required();
  rule_cmd->add_flag("--json", json, "print as JSON");
  cli::ExplainArgs explain_args;
  explain_args.cases_root = std::string(HEXLAW_SOURCE_DIR) + "/cases";
  explain_args.db = std::string(HEXLAW_SOURCE_DIR) + "/report/out/coverage.db";
  bool rule_cases = false;
  rule_cmd->add_flag("--cases", rule_cases, "list the case files that exercise it (as `hexlaw explain ID`)");
  auto* explain_cmd = app.add_subcommand("explain", "list the case files that exercise a rule, with the last report's results");
  explain_cmd->add_option("id", explain_args.id, "rule id, e.g. std:9.8.2")->required();
  explain_cmd->add_flag("--json", explain_args.json, "print as JSON");
  for (auto* cmd : {rule_cmd, explain_cmd}) {
    cmd->add_option("--cases-dir", explain_args.cases_root, "the case files to search (default: the source tree's cases/)");
    cmd->add_option("--db", explain_args.db, "the report database (default: report/out/coverage.db)");
  }
  cli::DrawArgs draw_args;
  auto* draw_cmd = app.add_subcommand("draw", "draw a case's position as SVG (stdout, or -o FILE)");
  draw_cmd->add_option("file", draw_args.file, "case file (YAML or JSON)")->required();
  draw_cmd->add_option("-o,--output", draw_args.out, "write the SVG here (default: stdout)");
  draw_cmd->add_option("--zoc", draw_args.zoc, "shade the ZoC of these units (ids, comma-separated)")->delimiter(',');
  draw_cmd->add_flag("--answer", draw_args.answer, "lay the answer over the position");
  draw_cmd->add_option("--cases-root", draw_args.cases_root, "folder case names are relative to (default: none)");
  app.add_subcommand("spec-check", "load and validate the catalog and tables of the spec");
  int diff_run = -1, against_run = -1;
  auto* report_cmd = app.add_subcommand("report", "compare two runs of the coverage report");
  report_cmd->add_option("--diff", diff_run, "the older run id")->required();
  report_cmd->add_option("--against", against_run, "the newer run id (default: the newest)");
  cli::PlayArgs play_args;
  auto* play_cmd = app.add_subcommand("play", "play a whole game from a scenario with a policy");
  play_cmd->add_option("scenario", play_args.scenario, "scenario file (YAML)")->required();
  play_cmd->add_option("--seed", play_args.seed, "the dice seed (default 1)");
  play_cmd->add_option("--policy", play_args.policy, "random (default) or first");
  play_cmd->add_option("--policy-seed", play_args.policy_seed, "the random policy's seed (default 1)");
  play_cmd->add_option("--log", play_args.log_out, "write the decision log (JSON) here");
  play_cmd->add_flag("--json", play_args.json, "print the record as JSON");
  auto* replay_cmd = app.add_subcommand("replay", "play a game again from its decision log");
  replay_cmd->add_option("scenario", play_args.scenario, "scenario file (YAML)")->required();
  replay_cmd->add_option("log", play_args.log_in, "the log written by `hexlaw play --log`")->required();
  replay_cmd->add_flag("--json", play_args.json, "print the record as JSON");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (!trace_dir.empty()) record_cited_ids_in(trace_dir);
  try {
    if (*report_cmd) {
      std::vector<std::string> args = {std::to_string(diff_run)};
      if (against_run >= 0) args.insert(args.end(), {"--against", std::to_string(against_run)});
      return run_report_diff(args);
    }
    const std::shared_ptr<const Spec> spec = Spec::load(spec_dir);
    if (*ask_cmd && jsonl && !svg_out.empty()) throw InputError("<argument>", "--svg", "draws for people: not with --jsonl");
    if (*ask_cmd)
      return jsonl ? run_ask_jsonl(spec, files, cases_root) : run_ask(spec, files, json, check_mode, cases_root, svg_out);
    if (*rule_cmd && rule_cases) {
      explain_args.id = rule_id, explain_args.json = json;
      return cli::run_explain(spec, explain_args);
    }
    if (*rule_cmd) return run_rule(spec->catalog, rule_id, json);
    if (*explain_cmd) return cli::run_explain(spec, explain_args);
    if (*draw_cmd) return cli::run_draw(spec, draw_args);
    if (*play_cmd) return cli::run_play(spec, play_args, false);
    if (*replay_cmd) return cli::run_play(spec, play_args, true);
    std::cout << spec->catalog.cases().size() << " rule cases, " << spec->tables.ids().size() << " tables: OK\n";
    return 0;
  } catch (const InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  } catch (const RuleRefusal& e) {
    std::cerr << "refused: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return 3;
  }
}
