"""The kill test: real builds stopped at many points, and what they leave.

A debug build of Daybook announces each change it makes to the file system (a folder or file
made, linked, renamed or removed, `Emit/MutationHook.swift`); `DAYBOOK_TEST_KILL_AT=N` sends the
process SIGKILL (or SIGTERM, SIGINT) before the Nth. For a first build, a `--no-cache` build over
a site holding the user's `CNAME`, `.git/` and notes, and an incremental build, each stopped at
points spread over its whole run, the output folder must then be wholly the old site or wholly the
new one with the user's files in it, and the next plain build must succeed, give exactly the site a
build from scratch gives, and leave nothing beside it."""
import os
import pathlib
import shutil
import signal
import subprocess
import time

import pytest

from conftest import BINARY, Preview, free_port

OLD = {
    "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry to the island\ndate: 2024-05-01 08:30\ntags: [sea]\n---\n\nThe ferry left at dawn.\n",
    "entries/2024/05/2024-05-02-hill.md": "---\ntitle: Up the hill\ndate: 2024-05-02\ntags: [walks]\n---\n\nA long climb in the rain.\n",
    "entries/2024/06/2024-06-10-market.md": "---\ntitle: Market day\ndate: 2024-06-10\n---\n\nCherries, finally.\n",
}
# The new journal: one entry renamed by a new title (its old page is removed), one gone, one new
# in a month of its own, one tag gone, and a static file.
NEW = {
    "entries/2024/05/2024-05-01-ferry.md": OLD["entries/2024/05/2024-05-01-ferry.md"],
    "entries/2024/05/2024-05-02-hill.md": "---\ntitle: Over the hill\ndate: 2024-05-02\n---\n\nA long climb in the rain, then sun.\n",
    "entries/2024/07/2024-07-04-river.md": "---\ntitle: River swim\ndate: 2024-07-04\ntags: [sea]\n---\n\nCold.\n",
    "static/robots.txt": "User-agent: *\n",
}
SETTINGS = "title: Kill test\ntimezone: UTC\nbase_url: https://example.org/\n"
USER_FILES = {
    "CNAME": b"journal.example.org\n",
    ".git/HEAD": b"ref: refs/heads/pages\n",
    ".git/refs/heads/pages": b"0123456789abcdef\n",
    ".git/objects/ab/cdef0123": b"\x78\x01blob",
    "2024/05/notes.txt": b"mine, beside Daybook's pages\n",
}
# Where `daybook build` keeps the site an update replaced (docs/output-folder.md).
KEPT = ".daybook/cache/site-gone"
# Kill points for each kind of build, spread over its run and every change around the swap (about 70 in all).
POINTS_PER_BUILD = 22


def write_journal(root, files):
    for path in list((root / "entries").rglob("*.md")) if (root / "entries").exists() else []:
        path.unlink()
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    (root / "daybook.yml").write_text(SETTINGS)


def add_user_files(site):
    for path, data in USER_FILES.items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_bytes(data)
    os.chmod(site / ".git/objects/ab/cdef0123", 0o444)  # as git leaves its objects


def build(journal, *arguments, **environment):
    # Not as in CI, where a build keeps no old site (docs/output-folder.md): this file's CI runs too.
    env = {k: v for k, v in os.environ.items() if not k.startswith("DAYBOOK_TEST_") and k != "CI"}
    env.update(environment)
    return subprocess.run([str(BINARY), "build", str(journal), "--quiet", *arguments], capture_output=True, text=True, env=env)


def tree(folder):
    """Every file, folder and link under `folder`, with the files' bytes; None when it is missing."""
    if not folder.exists():
        return None
    found = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        found[key] = ("link", os.readlink(path)) if path.is_symlink() else ("folder",) if path.is_dir() else path.read_bytes()
    return found


def leftovers(journal):
    return sorted(name for name in os.listdir(journal) if name.startswith("._site"))


@pytest.fixture(scope="module")
def states(tmp_path_factory):
    """The journals to stop builds of, and the sites they must give: `old`, a journal built at OLD
    with the user's files in its site; `new`, the site a build from scratch makes of NEW."""
    base = tmp_path_factory.mktemp("kill")
    old = base / "old"
    write_journal(old, OLD)
    assert build(old).returncode == 0
    add_user_files(old / "_site")
    scratch = base / "scratch"
    write_journal(scratch, NEW)
    assert build(scratch).returncode == 0
    new_alone = tree(scratch / "_site")
    add_user_files(scratch / "_site")
    # A journal whose last build was an update of a site with none of the user's files in it: it
    # kept the site it replaced in its cache folder, which its next update starts from.
    kept = base / "kept"
    write_journal(kept, OLD)
    assert build(kept).returncode == 0
    write_journal(kept, {**OLD, "entries/2024/06/2024-06-10-market.md": OLD["entries/2024/06/2024-06-10-market.md"] + "\nPlums too.\n"})
    assert build(kept).returncode == 0
    assert (kept / KEPT).is_dir()
    return {"base": base, "old": old, "old_site": tree(old / "_site"), "new_alone": new_alone, "new": tree(scratch / "_site"),
            "kept": kept, "kept_site": tree(kept / "_site")}


def prepared(states, kind, name):
    """A journal at NEW, about to be built: with no site yet (`first`) or the old site and cache."""
    journal = states["base"] / name
    shutil.rmtree(journal, ignore_errors=True)
    if kind == "first":
        journal.mkdir()
    elif kind == "kept":
        shutil.copytree(states["kept"], journal, symlinks=True)
        # The kept site's list names the output folder it differs from: this copy's.
        changes = journal / ".daybook/cache/site-gone-changes"
        info = os.lstat(journal / "_site")
        lines = changes.read_bytes().split(b"\n")
        changes.write_bytes(b"\n".join([f"\0{info.st_dev} {info.st_ino}".encode()] + lines[1:]))
    else:
        shutil.copytree(states["old"], journal, symlinks=True)
    write_journal(journal, NEW)
    return journal


def arguments(kind):
    return ["--no-cache"] if kind == "full" else []


def expected(states, kind):
    """The site before the build and the site after it."""
    if kind == "first":
        return None, states["new_alone"]
    if kind == "kept":
        return states["kept_site"], states["new_alone"]
    return states["old_site"], states["new"]


def mutations(states, kind):
    """The build's changes to the file system, in order, from a run that is not stopped."""
    journal = prepared(states, kind, f"count-{kind}")
    log = journal.parent / f"mutations-{kind}.log"
    log.unlink(missing_ok=True)
    result = build(journal, *arguments(kind), DAYBOOK_TEST_MUTATION_LOG=str(log))
    assert result.returncode == 0, result.stderr
    assert tree(journal / "_site") == expected(states, kind)[1]
    return log.read_text().splitlines()


def kill_points(lines):
    """Points spread evenly over the run, and every point around the exchange that puts the new
    site in place, where a stop is most likely to leave a mix."""
    total = len(lines)
    spread = {1 + round(i * (total - 1) / (POINTS_PER_BUILD - 1)) for i in range(POINTS_PER_BUILD)}
    # The exchange, or the rename that puts a first site in place (an update from the kept site
    # begins with a rename too: the kept site taken as the new one).
    kinds = [line.split(" ")[1] for line in lines]
    swap = kinds.index("exchange") + 1 if "exchange" in kinds else kinds.index("rename") + 1
    return sorted(p for p in spread | {swap - 1, swap, swap + 1} if 1 <= p <= total)


def expect_recovers(states, journal, kind):
    """The next plain build succeeds and gives what a build from scratch gives, leaving nothing."""
    result = build(journal)
    assert result.returncode == 0, result.stderr
    assert tree(journal / "_site") == expected(states, kind)[1], "the build after the stop differs from a build from scratch"
    assert leftovers(journal) == []


@pytest.mark.parametrize("kind", ["first", "full", "incremental", "kept"])
def test_a_build_killed_at_any_point_leaves_the_old_site_or_the_new_one(states, kind):
    lines = mutations(states, kind)
    if kind == "kept":  # made from the kept site, not by linking every file of the output
        made = [line.split(" ", 2)[1] for line in lines if line.split(" ", 2)[2].endswith("._site.daybook-new")]
        assert made and made[0] == "rename", f"the update did not start from the kept site: {made}"
    points = kill_points(lines)
    assert len(points) >= POINTS_PER_BUILD - 2, f"only {len(lines)} changes to stop at"
    before, after = expected(states, kind)
    for point in points:
        journal = prepared(states, kind, f"{kind}-{point}")
        result = build(journal, *arguments(kind), DAYBOOK_TEST_KILL_AT=str(point))
        where = f"killed before change {point} of {len(lines)} ({lines[point - 1]})"
        assert result.returncode == -signal.SIGKILL, f"{where}: not killed ({result.returncode}) {result.stderr}"
        site = tree(journal / "_site")
        assert site == before or site == after, f"{where}: the site is neither the old one nor the new one"
        expect_recovers(states, journal, kind)
        shutil.rmtree(journal)


def test_a_build_in_ci_keeps_no_old_site(states, tmp_path):
    """A CI job's next run restores the output from its cache as new folders, which a kept site
    would not describe: in CI, an update removes the site it replaced, as it did before."""
    journal = tmp_path / "ci"
    shutil.copytree(states["kept"], journal, symlinks=True)
    write_journal(journal, NEW)
    assert build(journal, CI="true").returncode == 0
    assert not (journal / KEPT).exists() and not (journal / ".daybook/cache/site-gone-changes").exists()
    assert tree(journal / "_site") == states["new_alone"]
    write_journal(journal, OLD)
    assert build(journal).returncode == 0
    assert (journal / KEPT).is_dir(), "outside CI, the update keeps it"


@pytest.mark.parametrize("kind", ["full", "incremental", "first"])
@pytest.mark.parametrize("name", ["TERM", "INT"])
def test_sigterm_and_ctrl_c_stop_a_build_and_leave_the_previous_site(states, kind, name):
    lines = mutations(states, kind)
    swap = next(i for i, line in enumerate(lines, 1) if line.split(" ")[1] in ("exchange", "rename"))
    before, _ = expected(states, kind)
    # While the pages are written, and at the last change before the new site would go in.
    for point in (max(1, swap // 3), swap - 1):
        journal = prepared(states, kind, f"{kind}-{name}-{point}")
        result = build(journal, *arguments(kind), DAYBOOK_TEST_KILL_AT=str(point), DAYBOOK_TEST_KILL_SIGNAL=name)
        number = getattr(signal, "SIG" + name)
        assert result.returncode == 128 + number, result.stderr
        assert "build: stopped by" in result.stderr and "the output folder is as the last build left it" in result.stderr
        assert tree(journal / "_site") == before
        assert leftovers(journal) == [], "a stopped build removes its unfinished site"
        expect_recovers(states, journal, kind)
        shutil.rmtree(journal)


def wait_for(condition, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


EDIT = ("entries/2024/05/2024-05-01-ferry.md", "---\ntitle: Ferry home\ndate: 2024-05-01\n---\n\nBack again.\n")


def serve(journal, monkeypatch, **environment):
    """`daybook serve` of `journal`, its first build made."""
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    running = Preview(journal, "--port", str(free_port()))
    for name in environment:
        monkeypatch.delenv(name)
    assert wait_for(lambda: running.builds()), running.stderr
    return running


EDIT_AGAIN = ("entries/2024/05/2024-05-01-ferry.md", "---\ntitle: Ferry home again\ndate: 2024-05-01\n---\n\nBack once more.\n")


def kill_preview_in_last_edit(journal, tmp_path, monkeypatch, edits, extra_points=()):
    """Runs `daybook serve` on `journal` through `edits`, each waited for, logging what it
    changes on disk; then, for points of the last edit's rebuild, the same on a fresh copy
    killed there: the site must be the one before that edit or the one after, never a mix, and
    the next preview must clean up and serve the one after. Returns the last rebuild's changes."""
    pristine = tmp_path / "pristine"
    shutil.copytree(journal, pristine)
    log = tmp_path / "serve.log"

    def run_until_last(folder, **environment):
        running = serve(folder, monkeypatch, **environment)
        for count, edit in enumerate(edits[:-1], 2):
            running.write(*edit)
            assert wait_for(lambda: len(running.builds()) == count), running.stderr
        return running

    running = run_until_last(journal, DAYBOOK_TEST_MUTATION_LOG=str(log))
    first, old = len(log.read_text().splitlines()), tree(journal / ".daybook/serve/site")
    running.write(*edits[-1])
    assert wait_for(lambda: len(running.builds()) == len(edits) + 1), running.stderr
    running.stop()
    lines = log.read_text().splitlines()[first:]
    new = tree(journal / ".daybook/serve/site")
    swap = next(i for i, line in enumerate(lines, 1) if line.split(" ")[1] == "exchange")
    for point in sorted({1, len(lines) // 3, swap - 1, swap, swap + 1, len(lines), *extra_points}):
        copy = tmp_path / f"serve-{point}"
        shutil.copytree(pristine, copy)
        running = run_until_last(copy, DAYBOOK_TEST_KILL_AT=str(first + point))
        assert tree(copy / ".daybook/serve/site") == old
        running.write(*edits[-1])
        assert running.process.wait(timeout=30) == -signal.SIGKILL, f"not killed at {point}: {running.stderr}"
        site = tree(copy / ".daybook/serve/site")
        assert site == old or site == new, f"killed before change {point} of {len(lines)} ({lines[point - 1]}): a mix"
        running = Preview(copy, "--port", str(free_port()))
        assert wait_for(lambda: running.builds()), running.stderr
        running.stop()
        assert tree(copy / ".daybook/serve/site") == new
        # The preview keeps the site of the build before beside its own, with the list of what
        # differs, for its next update (docs/output-folder.md): both or neither; and its cache.
        left = sorted(os.listdir(copy / ".daybook/serve"))
        assert left in (["cache", "site"], [".site.daybook-gone", ".site.daybook-gone-changes", "cache", "site"]), \
            f"what the killed build left is removed: {left}"
    return lines


def test_a_preview_killed_while_it_rebuilds_leaves_its_last_site_or_the_new_one(journal, tmp_path, monkeypatch):
    """`daybook serve` builds into `.daybook/serve/site` through the same code, killed part way
    through the rebuild that follows an edit; the next preview cleans up and serves."""
    kill_preview_in_last_edit(journal, tmp_path, monkeypatch, [EDIT])


def test_a_preview_killed_while_it_updates_from_the_site_before_leaves_its_last_site_or_the_new_one(journal, tmp_path, monkeypatch):
    """The preview's second update is made from the site of the build before, kept beside its
    own with the list of what differs (`SiteUpdate`, docs/output-folder.md); killed at any
    point of it, the site is the last one or the new one, and the next preview serves the new one."""
    lines = kill_preview_in_last_edit(journal, tmp_path, monkeypatch, [EDIT, EDIT_AGAIN], extra_points=[2])
    made = [line.split(" ", 2)[1:] for line in lines if line.split(" ", 2)[2].endswith(".site.daybook-new")]
    assert made and made[0][0] == "rename", f"the update did not start from the site before: {made}"
