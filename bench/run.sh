#!/usr/bin/env bash
# `make bench`: installs the benchmark's tools if missing, then runs bench/bench.py and bench/photos/bench.py.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
for pkg in hugo cmark; do command -v "$pkg" >/dev/null || missing+=("$pkg"); done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
python3 bench/bench.py "$@"
# Photos against Hugo's image processing (bench/README.md, "Photos").
exec python3 bench/photos/bench.py
