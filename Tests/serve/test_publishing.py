"""Publishing as a new user does it: the one list of system packages, the CI files `daybook init`
writes rehearsed step by step (scripts/ci_rehearsal.py), the pin of Daybook's source, and the
warning for a private journal whose source would be public."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import BINARY, ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import ci_rehearsal as rehearsal  # noqa: E402
import ci_rehearsal_runner as runner  # noqa: E402

COMMIT = "0123456789abcdef0123456789abcdef01234567"


@pytest.fixture(scope="module")
def manifest():
    return json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True,
                                     text=True, check=True).stdout)


def test_every_system_library_of_the_package_comes_from_a_listed_package(manifest):
    libraries = rehearsal.system_libraries(manifest)
    assert {name for name, _, _ in libraries} >= {"Ccmark", "Cvips"}
    assert rehearsal.missing_packages(rehearsal.listed_packages(), libraries) == []


def test_the_check_fails_when_the_list_loses_libvips_dev(manifest):
    listed = [p for p in rehearsal.listed_packages() if p != "libvips-dev"]
    problems = rehearsal.missing_packages(listed, rehearsal.system_libraries(manifest))
    assert any(problem.startswith("Cvips: Package.swift's apt provider libvips-dev") for problem in problems)
    assert any("pkg-config module vips comes from libvips-dev" in problem for problem in problems)


def test_the_check_fails_when_package_swift_gains_a_system_library(manifest):
    manifest = json.loads(json.dumps(manifest))
    manifest["targets"].append({"name": "Cmadeup", "type": "system", "pkgConfig": "madeup",
                                "providers": [{"apt": [["libmadeup-dev"]]}]})
    problems = rehearsal.missing_packages(rehearsal.listed_packages(), rehearsal.system_libraries(manifest))
    assert "Cmadeup: Package.swift's apt provider libmadeup-dev is not installed" in problems
    assert "Cmadeup: pkg-config module madeup is on no installed package here" in problems


def test_install_deps_and_the_ci_files_read_the_one_list(tmp_path):
    script = (ROOT / "scripts/install-deps.sh").read_text()
    assert "Templates/starter/debian-packages.txt" in script
    assert "libcmark-dev" not in script and "libvips-dev" not in script
    for ci in ("github", "gitlab"):
        assert subprocess.run([str(BINARY), "init", str(tmp_path / ci), "--ci", ci, "--timezone", "UTC",
                               "--daybook-commit", COMMIT], capture_output=True).returncode == 0
    for text in ((tmp_path / "github/.github/workflows/publish.yml").read_text(), (tmp_path / "gitlab/.gitlab-ci.yml").read_text()):
        rehearsal.check_apt_line(text, [])  # every listed package, in the one install line


@pytest.mark.parametrize("ci,private", [("github", False), ("github", True), ("gitlab", False), ("gitlab", True)])
def test_the_ci_files_of_a_new_journal_pass_the_rehearsal(tmp_path, ci, private):
    said = []
    ran = runner.rehearse(ci, private, full=False, binary=BINARY, keep=tmp_path / "work", say=said.append)
    if ci == "github":
        names = [name for push, name, how in ran if push == 1 and how == "ran"]
        assert names.index("Install what Daybook needs") < names.index("Build Daybook from source") < names.index("Build the site")
    assert any("init pinned" in line for line in said)


def test_the_rehearsal_stops_when_the_tag_points_at_other_code(tmp_path):
    def move_tag(source, commit):
        git = ["git", "-C", str(source)]
        tree = subprocess.run(git + ["rev-parse", "HEAD^{tree}"], capture_output=True, text=True, check=True).stdout.strip()
        other = subprocess.run(git + ["-c", "user.name=x", "-c", "user.email=x@x", "commit-tree", tree, "-p", commit, "-m", "other code"],
                               capture_output=True, text=True, check=True).stdout.strip()
        subprocess.run(git + ["tag", "-f", f"v{rehearsal.version()}", other], capture_output=True, check=True)

    with pytest.raises(rehearsal.Failure, match="not the pinned"):
        runner.rehearse("github", False, full=False, binary=BINARY, keep=tmp_path / "work", say=lambda _: None, after_init=move_tag)


def test_init_refuses_to_write_ci_files_it_cannot_pin_and_says_what_to_set(tmp_path):
    journal = tmp_path / "journal"
    result = subprocess.run([str(BINARY), "init", str(journal), "--timezone", "UTC", "--daybook-source", str(tmp_path / "nowhere.git")],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert "daybook init --daybook-commit <the 40-digit commit of v" in result.stderr
    assert "daybook init --ci none" in result.stderr and "Nothing was written." in result.stderr
    assert not journal.exists() or not any(journal.iterdir())
    short = subprocess.run([str(BINARY), "init", str(journal), "--timezone", "UTC", "--daybook-commit", "0123abc"],
                           capture_output=True, text=True)
    assert short.returncode == 1 and "full 40-digit commit" in short.stderr
    none = subprocess.run([str(BINARY), "init", str(journal), "--timezone", "UTC", "--ci", "none",
                           "--daybook-source", str(tmp_path / "nowhere.git")], capture_output=True, text=True)
    assert none.returncode == 0, none.stderr


SECRETS = {"DAYBOOK_PASSWORD": "a password for the test", "DAYBOOK_SITE_KEY": rehearsal.SECRETS["DAYBOOK_SITE_KEY"]}


def build(journal):
    return subprocess.run([str(BINARY), "build", str(journal)], capture_output=True, text=True,
                          env=dict(os.environ, **SECRETS))


def test_a_private_entry_in_a_journal_that_publishes_its_own_pages_is_warned_of(tmp_path):
    public = tmp_path / "public"
    assert subprocess.run([str(BINARY), "init", str(public), "--timezone", "UTC", "--daybook-commit", COMMIT]).returncode == 0
    quiet = build(public)
    assert quiet.returncode == 0 and "GitHub Pages" not in quiet.stderr
    (public / "entries/2024").mkdir(parents=True)
    (public / "entries/2024/secret.md").write_text("---\ntitle: Secret\ndate: 2024-05-01\nprivate: true\n---\n\nHidden.\n")
    warned = build(public)
    assert warned.returncode == 0, warned.stderr
    workflow = (public / ".github/workflows/publish.yml").read_text().splitlines()
    line = next(i + 1 for i, text in enumerate(workflow) if "actions/deploy-pages@" in text)
    assert f".github/workflows/publish.yml:{line}:1: warning: this workflow publishes the repository's own GitHub Pages" in warned.stderr
    assert "daybook init --private --force" in warned.stderr
    assert warned.stderr.count("own GitHub Pages") == 1
    private = tmp_path / "private"
    assert subprocess.run([str(BINARY), "init", str(private), "--private", "--timezone", "UTC", "--daybook-commit", COMMIT]).returncode == 0
    built = build(private)
    assert built.returncode == 0, built.stderr
    assert "GitHub Pages" not in built.stderr
