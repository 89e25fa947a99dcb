#!/usr/bin/env python3
"""A rehearsal of the CI files `daybook init` writes, as close to the real runner as this machine
allows (docs/publishing.md, "The rehearsal").

    scripts/ci_rehearsal.py [--full] [--private] [--ci github|gitlab] [--binary PATH] [--keep DIR]

It makes a bare clone of this repository tagged v<version> (committed code only), runs
`daybook init` against it (so init pins the tag's commit with `git ls-remote`, as a user's does),
then takes the CI file init wrote and runs its steps in order in a fresh folder, twice: a first push
with empty caches, and a second push after an edit with the caches restored. The apt step is not
run; its package list is checked against every system library Package.swift names. Actions
(`uses:`) are played by small stand-ins: checkout, cache, configure-pages, upload-pages-artifact,
deploy-pages. Secrets get test values; the private workflow pushes to a local bare repository.

Quick mode (the default, in `make test`): the step that builds Daybook runs as written, except
that `swift` is a stand-in that checks its arguments and hands over the binary this checkout
already built. `--full` runs the real `swift build -c release` of the tagged clone (minutes).
"""
import functools
import json
import os
import pathlib
import re
import subprocess
import sys


ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE_LIST = ROOT / "Templates/starter/debian-packages.txt"
SECRETS = {"DAYBOOK_PASSWORD": "rehearsal password, not a real one",
           "DAYBOOK_SITE_KEY": "c2l0ZS1rZXktZm9yLXRoZS1yZWhlYXJzYWwtb25seS0wMDA=",
           "PAGES_DEPLOY_KEY": ""}
FIRST_WORDS = "This is the journal's first entry"


class Failure(Exception):
    pass


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise Failure(f"{' '.join(map(str, command))} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result.stdout


# The package list ---------------------------------------------------------------------------------

def listed_packages(text=None):
    text = PACKAGE_LIST.read_text() if text is None else text
    return [line.split("#", 1)[0].strip() for line in text.splitlines() if line.split("#", 1)[0].strip()]


@functools.lru_cache(maxsize=1)
def package_manifest():
    """`swift package dump-package`, asked once per process: every apt step checks against it."""
    return json.loads(run(["swift", "package", "dump-package"], cwd=ROOT))


def system_libraries(manifest=None):
    """(target, pkg-config module, apt packages) of every system library of Package.swift."""
    if manifest is None:
        manifest = package_manifest()
    found = []
    for target in manifest["targets"]:
        if target.get("type") != "system":
            continue
        apt = [name for provider in target.get("providers") or [] for name in provider.get("apt", [[]])[0]]
        found.append((target["name"], target.get("pkgConfig"), apt))
    return found


def package_owning(module):
    """The Debian package whose files hold `module`.pc on this machine, or None."""
    path = subprocess.run(["pkg-config", "--path", module], capture_output=True, text=True).stdout.strip()
    if not path:
        return None
    owner = subprocess.run(["dpkg", "-S", os.path.realpath(path)], capture_output=True, text=True).stdout
    return owner.split(":", 1)[0] if owner else None


def missing_packages(installed, libraries, owner=package_owning):
    """What an install line lacks for the system libraries: one line of text per problem."""
    problems = []
    for name, module, apt in libraries:
        for package in apt:
            if package not in installed:
                problems.append(f"{name}: Package.swift's apt provider {package} is not installed")
        if module:
            found = owner(module)
            if found is None:
                problems.append(f"{name}: pkg-config module {module} is on no installed package here")
            elif found not in installed:
                problems.append(f"{name}: pkg-config module {module} comes from {found}, which is not installed")
    return problems


def check_apt_line(text, libraries):
    match = re.search(r"apt-get install ([^\n&;|]*)", text)
    if not match:
        raise Failure("no apt-get install line in the CI file")
    installed = [word for word in match.group(1).split() if not word.startswith("-")]
    problems = missing_packages(installed, libraries)
    problems += [f"{package} from {PACKAGE_LIST.name} is not installed" for package in listed_packages() if package not in installed]
    if problems:
        raise Failure("the CI file's apt step lacks packages:\n  " + "\n  ".join(problems))
    return installed


# The journal and its source -----------------------------------------------------------------------

def version():
    text = (ROOT / "Sources/Daybook/Pipeline/DaybookVersion.swift").read_text()
    return re.search(r'static let string = "([^"]+)"', text).group(1)


def tagged_source(work):
    """A bare clone of this repository's committed HEAD, tagged v<version>; its commit."""
    bare = work / "daybook.git"
    run(["git", "clone", "-q", "--bare", "--no-local", str(ROOT), str(bare)])
    run(["git", "-C", str(bare), "tag", "-f", f"v{version()}", "HEAD"])
    return bare, run(["git", "-C", str(bare), "rev-parse", "HEAD"]).strip()


def make_journal(binary, folder, source, ci, private):
    command = [str(binary), "init", str(folder), "--timezone", "Europe/Paris", "--ci", ci,
               "--daybook-source", str(source)] + (["--private"] if private else [])
    return run(command)


def swift_stand_in(folder, binary):
    """A `swift` that checks it is asked for the release build of a package and copies the binary."""
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / "swift"
    script.write_text(f"""#!/bin/sh
# The rehearsal's quick mode: no compile, the binary this checkout built.
set -e
[ "$1" = build ] || {{ echo "swift stand-in: only 'swift build' is rehearsed, got: $*" >&2; exit 2; }}
case " $* " in *" -c release "*) ;; *) echo "swift stand-in: not a release build: $*" >&2; exit 2;; esac
package=""
while [ $# -gt 0 ]; do [ "$1" = --package-path ] && package="$2"; shift; done
[ -f "$package/Package.swift" ] || {{ echo "swift stand-in: no package at '$package'" >&2; exit 2; }}
mkdir -p "$package/.build/release" && cp "{binary}" "$package/.build/release/daybook"
""")
    script.chmod(0o755)
    return folder


if __name__ == "__main__":
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    from ci_rehearsal_runner import main
    sys.exit(main())
