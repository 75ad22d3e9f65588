#!/usr/bin/env bash
# Owns: running each libFuzzer target of tests/fuzz (built by `make fuzz`) for a set time
# from its seed corpus. Usage: run-fuzz.sh BUILD_DIR SECONDS TIMEOUT_SECONDS [TARGET...]
# New inputs the fuzzer finds go to BUILD_DIR/corpus/TARGET; a finding (crash, leak, untyped
# exception, an input slower than TIMEOUT) leaves its input in BUILD_DIR/findings and fails.
# The seed corpora: cases/ and tests/bad_cases/ for case files, scenarios/ and
# tests/fuzz/corpus/scenario for scenarios and played games, tests/fuzz/corpus/replay for logs.
set -euo pipefail
build=$1 seconds=$2 timeout=$3
shift 3
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_case fuzz_scenario fuzz_replay)
src=$(cd "$(dirname "$0")/.." && pwd)
declare -A seeds=(
  [fuzz_case]="$src/cases $src/tests/bad_cases"
  [fuzz_scenario]="$src/scenarios $src/tests/fuzz/corpus/scenario"
  [fuzz_replay]="$src/tests/fuzz/corpus/replay"
)
mkdir -p "$build/findings"
status=0
for t in "${targets[@]}"; do
  mkdir -p "$build/corpus/$t"
  log="$build/findings/$t.log"
  echo "fuzz: $t for ${seconds}s (an input may take ${timeout}s)" >&2
  # shellcheck disable=SC2086
  if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
     "$build/$t" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$build/findings/$t-" "$build/corpus/$t" ${seeds[$t]} >"$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    echo "fuzz: $t ran $runs inputs, no finding" >&2
  else
    echo "fuzz: $t FOUND something; see $log and $build/findings/$t-*" >&2
    tail -n 40 "$log" >&2
    status=1
  fi
done
exit $status
