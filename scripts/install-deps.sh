#!/usr/bin/env bash
# Owns: installing the Debian packages hexlaw builds and tests with. Idempotent and silent
# when everything is present; installs only what is missing. Nothing is fetched at build time.
set -euo pipefail
PACKAGES=(
  cmake ninja-build g++ make
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
  pybind11-dev python3-dev python3-pytest python3-yaml python3-jsonschema
  libsqlite3-dev sqlite3
  libyaml-cpp-dev nlohmann-json3-dev libcli11-dev
)
# Extra packages for one target only, e.g. `install-deps.sh chromium` for the report screenshot.
PACKAGES+=("$@")
missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}" >&2
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >/tmp/hexlaw-apt.log 2>&1; then
  $SUDO apt-get update -q >>/tmp/hexlaw-apt.log 2>&1
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >>/tmp/hexlaw-apt.log 2>&1 \
    || { echo "install-deps: apt-get failed, see /tmp/hexlaw-apt.log" >&2; exit 1; }
fi
