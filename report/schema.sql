-- Owns: the coverage database schema (report/out/coverage.db). Documented in
-- docs/report-schema.md. Catalog and implementation tables describe the latest run; every
-- table keyed by run_id keeps its history across runs.
PRAGMA user_version = 2;  -- bump when the schema changes; collect.py starts a fresh file then
CREATE TABLE IF NOT EXISTS run (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  commit_id TEXT NOT NULL,          -- git HEAD, with "+dirty" when the tree had changes
  started TEXT NOT NULL,            -- UTC ISO-8601
  finished TEXT NOT NULL,
  tests_total INTEGER NOT NULL,
  tests_passed INTEGER NOT NULL,
  tests_failed INTEGER NOT NULL,
  tests_skipped INTEGER NOT NULL,   -- skipped or disabled: never counted as coverage
  cases_total INTEGER NOT NULL,     -- rule cases in the catalog
  behaviour_hash TEXT NOT NULL,     -- sha256 over every case file's outcome and citations
  suites_ok INTEGER NOT NULL,       -- 1 when every suite that was asked for ran to completion
  suites TEXT NOT NULL              -- the suites run: example property cases python
);
CREATE TABLE IF NOT EXISTS rule_case (
  id TEXT PRIMARY KEY, book TEXT NOT NULL, number TEXT NOT NULL, title TEXT NOT NULL,
  kind TEXT NOT NULL, status TEXT NOT NULL, summary TEXT NOT NULL,
  printings TEXT NOT NULL,          -- space-separated: jena v2.0 leipzig (std only)
  overrides TEXT NOT NULL,          -- space-separated ids
  status_reason TEXT NOT NULL, file TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rule_note (
  case_id TEXT NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL, ruling TEXT NOT NULL, switch TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS implementation (   -- RULE tags in engine code, latest run
  case_id TEXT NOT NULL, file TEXT NOT NULL, line INTEGER NOT NULL, function TEXT NOT NULL, tag TEXT NOT NULL,
  partial INTEGER NOT NULL          -- 1 for a "(part)" tag: part of the case, not the whole
);
CREATE TABLE IF NOT EXISTS test (
  run_id INTEGER NOT NULL REFERENCES run(id),
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('example', 'property', 'case file', 'python')),
  result TEXT NOT NULL CHECK (result IN ('passed', 'failed', 'skipped', 'disabled')),
  detail TEXT NOT NULL,
  PRIMARY KEY (run_id, kind, name)
);
CREATE TABLE IF NOT EXISTS test_citation (     -- which rule cases each test names
  run_id INTEGER NOT NULL, kind TEXT NOT NULL, test_name TEXT NOT NULL, case_id TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS dynamic_citation (  -- ids the engine cited in traces during the run
  run_id INTEGER NOT NULL, case_id TEXT NOT NULL, PRIMARY KEY (run_id, case_id)
);
CREATE TABLE IF NOT EXISTS case_outcome (      -- each case file's answer, for behaviour diffs
  run_id INTEGER NOT NULL, case_name TEXT NOT NULL, result TEXT NOT NULL,
  outcome TEXT NOT NULL, citations TEXT NOT NULL, PRIMARY KEY (run_id, case_name)
);
CREATE TABLE IF NOT EXISTS verdict_history (
  run_id INTEGER NOT NULL, case_id TEXT NOT NULL, verdict TEXT NOT NULL, PRIMARY KEY (run_id, case_id)
);
CREATE TABLE IF NOT EXISTS verdict (           -- the latest run, one verdict per case
  case_id TEXT PRIMARY KEY,
  verdict TEXT NOT NULL CHECK (verdict IN ('unimplemented', 'implemented-untested', 'example-tested',
    'property-tested', 'example+property', 'mutant-survived', 'failing', 'not-engine-matter', 'source-missing'))
);
CREATE TABLE IF NOT EXISTS defect (            -- orphans, skipped/disabled tests, crashed suites
  run_id INTEGER NOT NULL, kind TEXT NOT NULL, subject TEXT NOT NULL, detail TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS mutation_run (      -- the last `make mutate` run (no row: none recorded)
  run TEXT PRIMARY KEY,             -- when it started, UTC ISO-8601
  commit_id TEXT NOT NULL,          -- git HEAD it ran on, "+dirty" when the tree had changes
  seed INTEGER NOT NULL,
  selection TEXT NOT NULL CHECK (selection IN ('all', 'sample', 'ids')),  -- every candidate of the
                                    -- files, a seeded sample of them, or mutants named by id
  candidates INTEGER NOT NULL,      -- mutants the chosen files offer
  files TEXT NOT NULL,              -- the files mutated, space-separated
  complete INTEGER NOT NULL,        -- 0 when the run was interrupted
  seconds INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS mutant (            -- every mutant of the last mutation run
  run TEXT NOT NULL REFERENCES mutation_run(run),
  file TEXT NOT NULL, line INTEGER NOT NULL,
  rule_id TEXT NOT NULL,            -- the rule case of its nearest RULE tag ("" in untagged code)
  mutation TEXT NOT NULL,           -- e.g. "`<` -> `<=`"
  result TEXT NOT NULL CHECK (result IN ('killed', 'timeout', 'survived', 'equivalent', 'build-error')),
  killed_by TEXT NOT NULL,          -- the first failing test, "" unless killed
  id TEXT NOT NULL,                 -- the mutant's stable id (scripts/mutate.py --show ID)
  source TEXT NOT NULL,             -- the original line
  detail TEXT NOT NULL              -- why an equivalent mutant is equivalent
);
