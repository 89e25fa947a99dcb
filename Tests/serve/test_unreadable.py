"""Files and folders in `entries/` that the build may not read, with the real binary run as an
unprivileged user: the tests run as root, for whom every file is readable, so a permission check
is only seen through another user (`setpriv`, user `nobody`), on a journal that user owns."""
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from conftest import BINARY

ENTRIES = {
    "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\n---\n\nThe ferry left at dawn.\n",
    "entries/locked/2024-05-02-hill.md": "---\ntitle: Hill\ndate: 2024-05-02\n---\n\nA long climb.\n",
    "entries/2024/06/2024-06-10-market.md": "---\ntitle: Market\ndate: 2024-06-10\n---\n\nCherries.\n",
}
USER = "nobody"


def as_user(*command):
    return subprocess.run(["setpriv", "--reuid", USER, "--regid", "nogroup", "--clear-groups", *command],
                          capture_output=True, text=True, env={"PATH": os.environ["PATH"], "HOME": "/tmp"})


@pytest.fixture
def journal():
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.fail("this test runs the binary as another user: run it as root, with setpriv (util-linux)")
    # Not under pytest's tmp_path: that folder is root's alone, and the user must reach the journal.
    base = pathlib.Path(tempfile.mkdtemp(prefix="daybook-unreadable-"))
    root = base / "journal"
    for path, text in ENTRIES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    (root / "daybook.yml").write_text("title: Locked out\ntimezone: UTC\nbase_url: https://example.org/\n")
    os.chmod(base, 0o755)
    for folder, _, names in os.walk(base):
        shutil.chown(folder, USER, "nogroup")
        for name in names:
            shutil.chown(os.path.join(folder, name), USER, "nogroup")
    assert as_user(str(BINARY), "--help").returncode == 0, "the user cannot run the binary"
    yield root
    shutil.rmtree(base)


def test_an_unreadable_folder_is_skipped_with_a_warning_at_its_path(journal):
    os.chmod(journal / "entries/locked", 0)
    result = as_user(str(BINARY), "build", str(journal))
    assert result.returncode == 0, result.stderr
    assert "entries/locked:1:1: warning: folder could not be read (Permission denied); skipped" in result.stderr, result.stderr
    assert (journal / "_site/2024/05/01").is_dir() and not (journal / "_site/2024/05/02").exists()


def test_an_unreadable_entry_file_is_an_error_at_its_path(journal):
    os.chmod(journal / "entries/2024/06/2024-06-10-market.md", 0)
    result = as_user(str(BINARY), "build", str(journal))
    # An entry the writer meant to publish is not left out silently, nor quietly with a warning.
    assert result.returncode == 1, result.stderr
    assert "entries/2024/06/2024-06-10-market.md:1:1: error: could not read the file (Permission denied)" in result.stderr, result.stderr
