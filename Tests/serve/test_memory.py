"""Memory bounded by the input: the real binary's peak resident memory building a journal with
one 15 MB entry, against the same journal with a tiny entry (docs/builds.md, "Memory").

The peak is the child's own `ru_maxrss` (`os.wait4`), so nothing else this test run does counts.
What the large entry adds must stay within BOUND times its size: about 15 times in this debug
build before the first round of cuts, 8 to 9.5 before the second (issue 23), 2.3 to 3.4 now
(a tiny journal's own peak varies by about one time the entry from run to run)."""
import os
import random
import subprocess

import pytest

from conftest import BINARY

SIZE = 15 * 1024 * 1024
BOUND = 4.5
WORDS = "the sea was calm and grey this morning while ferries crossed slowly toward the island harbour".split()


def body(kind):
    """About SIZE bytes of prose: paragraphs of a few sentences, or one paragraph of it all."""
    rng = random.Random(7)
    parts, size = [], 0
    while size < SIZE:
        sentence = " ".join(rng.choice(WORDS) for _ in range(12)).capitalize() + ". "
        if kind == "paragraphs" and rng.random() < 0.15:
            sentence += "\n\n"
        parts.append(sentence)
        size += len(sentence)
    return "".join(parts)


def journal(root, text):
    (root / "entries/2024/05").mkdir(parents=True)
    (root / "daybook.yml").write_text("title: Memory\ntimezone: UTC\nbase_url: https://example.org/\n")
    (root / "entries/2024/05/2024-05-01-long.md").write_text(f"---\ntitle: A long day\ndate: 2024-05-01\ntags: [sea]\n---\n\n{text}\n")
    (root / "entries/2024/05/2024-05-02-short.md").write_text("---\ntitle: A short day\ndate: 2024-05-02\n---\n\nA small entry.\n")
    return root


def peak_kilobytes(root):
    """The build's peak resident memory, in KiB (Linux's unit for ru_maxrss)."""
    process = subprocess.Popen([str(BINARY), "build", str(root), "--quiet", "--jobs", "2"], stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, process.stderr.read()
    return usage.ru_maxrss


@pytest.mark.parametrize("kind", ["paragraphs", "one-paragraph"])
def test_a_large_entry_builds_within_a_bounded_multiple_of_its_size(tmp_path, kind):
    baseline = peak_kilobytes(journal(tmp_path / "tiny", "A short day, written down."))
    large = peak_kilobytes(journal(tmp_path / "large", body(kind)))
    added = (large - baseline) * 1024
    assert added <= BOUND * SIZE, f"a 15 MB entry added {added / SIZE:.1f} times its size ({large // 1024} MB against {baseline // 1024} MB)"
