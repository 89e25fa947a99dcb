"""Plays a CI file's jobs for scripts/ci_rehearsal.py: GitHub Actions steps in order with stand-ins
for the actions, or GitLab's before_script and script; two pushes; then checks the published site."""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import time

import yaml

import ci_rehearsal as r

EDIT = "Edited on the second push, with a word no site should show in plain text: quillwort."
PAGES_URL = "https://someone.github.io/journal/"


class Runner:
    def __init__(self, work, binary, full, say=print):
        self.work, self.binary, self.full, self.say = work, binary, full, say
        self.caches = {}  # key -> folder holding the saved paths
        self.ran = []  # (push, step name, "ran" | "skipped")

    def environment(self, extra):
        env = dict(os.environ)
        env.pop("DAYBOOK_SOURCE", None)
        env.pop("DAYBOOK_COMMIT", None)
        if not self.full:
            env["PATH"] = str(r.swift_stand_in(self.work / "stand-in", self.binary)) + os.pathsep + env["PATH"]
        env.update({k: str(v) for k, v in extra.items()})
        return env

    def shell(self, script, cwd, env, name):
        started = time.monotonic()
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=cwd, env=env,
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise r.Failure(f"step '{name}' failed ({result.returncode}):\n{result.stdout}{result.stderr}")
        self.say(f"    ok  {name} ({time.monotonic() - started:.1f} s)")
        return result.stdout

    # Caches, as actions/cache and GitLab's cache: restored before, saved after the job.
    def restore(self, key, prefixes, paths, cwd):
        found = key if key in self.caches else next((k for k in sorted(self.caches, reverse=True)
                                                     if any(k.startswith(p) for p in prefixes)), None)
        if found is not None:
            for path in paths:
                saved = self.caches[found] / self.slot(path)
                target = pathlib.Path(cwd, path)
                if saved.exists():
                    shutil.rmtree(target, ignore_errors=True)
                    shutil.copytree(saved, target, symlinks=True)
        return found

    def save(self, key, paths, cwd):
        if key in self.caches:
            return
        folder = self.work / "caches" / re.sub(r"[^\w.-]", "_", key)
        for path in paths:
            source = pathlib.Path(cwd, path)
            if source.exists():
                shutil.copytree(source, folder / self.slot(path), symlinks=True)
        self.caches[key] = folder

    @staticmethod
    def slot(path):
        return re.sub(r"[^\w.-]", "_", str(path))


class GitHubJob:
    """One push of a GitHub workflow: every job's steps, in order."""

    def __init__(self, runner, workflow, push, workspace, overrides):
        self.runner, self.workflow, self.push, self.workspace = runner, workflow, push, workspace
        self.env = {**{k: str(v) for k, v in workflow.get("env", {}).items()}, **overrides}
        self.temp = runner.work / f"runner-temp-{push}"
        self.temp.mkdir()
        self.outputs = {}
        self.saves = []
        self.artifact = None

    def value(self, expression):
        expression = expression.strip()
        comparison = re.fullmatch(r"([\w.-]+)\s*(==|!=)\s*'([^']*)'", expression)
        if comparison:
            same = self.value(comparison.group(1)) == comparison.group(3)
            return same if comparison.group(2) == "==" else not same
        head, _, rest = expression.partition(".")
        if head == "env":
            return self.env.get(rest, "")
        if head == "secrets":
            return r.SECRETS.get(rest, "")
        if head == "vars":
            return {"PAGES_REPOSITORY": "someone/journal-site"}.get(rest, "")
        if expression == "runner.temp":
            return str(self.temp)
        if expression == "github.sha":
            return f"push-{self.push}"
        match = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expression)
        if match:
            return self.outputs.get(match.group(1), {}).get(match.group(2), "")
        raise r.Failure(f"the rehearsal cannot evaluate ${{{{ {expression} }}}}")

    def expand(self, text):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(self.value(m.group(1))), str(text))

    def run(self, only_jobs):
        for name, job in self.workflow["jobs"].items():
            if name in only_jobs:
                for step in job["steps"]:
                    self.step(step)
        for key, paths in self.saves:
            self.runner.save(key, paths, self.workspace)

    def step(self, step):
        name = step.get("name") or step.get("uses")
        if "if" in step and not self.value(step["if"]):
            self.runner.ran.append((self.push, name, "skipped"))
            self.runner.say(f"    --  {name} (skipped: {step['if']})")
            return
        self.runner.ran.append((self.push, name, "ran"))
        if "uses" in step:
            return self.action(step, name)
        if "apt-get install" in step["run"]:
            packages = r.check_apt_line(step["run"], r.system_libraries())
            self.runner.say(f"    ok  {name}: installs every package the build needs ({len(packages)} named; not run here)")
            return
        env = {**self.env, **{k: self.expand(v) for k, v in step.get("env", {}).items()}, "RUNNER_TEMP": self.temp}
        if name.startswith("Push the site"):
            env["PAGES_REMOTE"] = self.runner.work / "site.git"  # no GitHub here: a local bare repository
        self.runner.shell(self.expand(step["run"]), self.workspace, self.runner.environment(env), name)

    def action(self, step, name):
        uses, given = step["uses"], {k: self.expand(v) for k, v in step.get("with", {}).items()}
        if uses.startswith("actions/checkout@"):
            self.runner.say(f"    ok  {name}: the journal at push {self.push}")
        elif uses.startswith("actions/cache@"):
            paths = given["path"].split()
            prefixes = given.get("restore-keys", "").split()
            found = self.runner.restore(given["key"], prefixes, paths, self.workspace)
            self.outputs[step.get("id", "")] = {"cache-hit": "true" if found == given["key"] else "false"}
            self.saves.append((given["key"], paths))
            how = "hit" if found == given["key"] else f"restored from {found}" if found else "miss"
            self.runner.say(f"    ok  {name}: {how} for {given['key']}")
        elif uses.startswith("actions/configure-pages@"):
            self.outputs[step.get("id", "")] = {"base_url": PAGES_URL.rstrip("/")}
        elif uses.startswith("actions/upload-pages-artifact@"):
            self.artifact = pathlib.Path(self.workspace, given["path"])
            if not (self.artifact / "index.html").is_file():
                raise r.Failure(f"the artifact {given['path']} has no index.html")
        elif not uses.startswith("actions/deploy-pages@"):
            raise r.Failure(f"the rehearsal has no stand-in for {uses}")


class GitLabJob:
    """One push of `.gitlab-ci.yml`'s pages job: before_script and script in one shell, its caches."""

    def __init__(self, runner, config, push, workspace):
        self.runner, self.config, self.push, self.workspace = runner, config, push, workspace

    def run(self):
        job = self.config["pages"]
        caches = [(self.expand_key(c["key"]), c["paths"]) for c in job["cache"]]
        for key, paths in caches:
            self.runner.restore(key, [], paths, self.workspace)
        lines = job["before_script"] + job["script"]
        r.check_apt_line(lines[0], r.system_libraries())
        self.runner.say(f"    ok  apt line: installs every package the build needs (not run here)")
        env = {k: str(v) for k, v in self.config["variables"].items()}
        env.update({"DAYBOOK_SRC": self.runner.work / f"daybook-source-{self.push}", "CI_PAGES_URL": PAGES_URL.rstrip("/"),
                    "JOURNAL_PASSWORD": r.SECRETS["DAYBOOK_PASSWORD"], "JOURNAL_SITE_KEY": r.SECRETS["DAYBOOK_SITE_KEY"]})
        self.runner.shell("\n".join(lines[1:]), self.workspace, self.runner.environment(env), "before_script and script")
        for key, paths in caches:
            self.runner.save(key, paths, self.workspace)
        site = self.workspace / job["artifacts"]["paths"][0]
        if not (site / "index.html").is_file():
            raise r.Failure("the pages artifact has no index.html")
        return site

    def expand_key(self, key):
        return re.sub(r"\$(\w+)", lambda m: str(self.config["variables"].get(m.group(1), "")), key)


def push(runner, repository, number, ci, private):
    """A fresh checkout of the journal's repository, as a runner makes one, and the CI run on it."""
    workspace = runner.work / f"push-{number}"
    r.run(["git", "clone", "-q", str(repository), str(workspace)])
    runner.say(f"  push {number}:")
    if ci == "gitlab":
        return GitLabJob(runner, yaml.safe_load((workspace / ".gitlab-ci.yml").read_text()), number, workspace).run()
    workflow = yaml.safe_load((workspace / ".github/workflows/publish.yml").read_text())
    job = GitHubJob(runner, workflow, number, workspace, {"DAYBOOK_BIN": runner.work / "opt-daybook"})
    job.run(only_jobs=set(workflow["jobs"]))
    if private:
        site = runner.work / f"published-{number}"
        r.run(["git", "clone", "-q", "--branch", "gh-pages", str(runner.work / "site.git"), str(site)])
        return site
    return job.artifact


def every_text(site):
    for path in site.rglob("*"):
        if path.is_file() and ".git" not in path.relative_to(site).parts:
            yield path, path.read_bytes()


def check_site(site, number, private):
    if not (site / "index.html").is_file():
        raise r.Failure(f"push {number}: the published site has no index.html")
    words = [r.FIRST_WORDS.encode(), b"quillwort"]
    if private:
        for path, data in every_text(site):
            if any(word in data for word in words):
                raise r.Failure(f"push {number}: {path.relative_to(site)} holds a private entry's words in plain text")
        if not (site / "private").is_dir():
            raise r.Failure(f"push {number}: the published site has no private/ folder")
    elif number == 2 and not any(b"quillwort" in data for _, data in every_text(site)):
        raise r.Failure("push 2: the edit is not on the published site")


def rehearse(ci="github", private=False, full=False, binary=None, keep=None, say=print, after_init=None):
    """Runs the whole rehearsal; raises Failure with what went wrong. Returns the runner's step log.
    `after_init(source, commit)` may change the source once init has pinned it (a test's tampering)."""
    binary = pathlib.Path(binary or r.ROOT / ".build/debug/daybook").resolve()
    work = pathlib.Path(keep or tempfile.mkdtemp(prefix="daybook-rehearsal-")).resolve()
    work.mkdir(parents=True, exist_ok=True)
    runner = Runner(work, binary, full, say)
    source, commit = r.tagged_source(work)
    journal = work / "journal"
    r.make_journal(binary, journal, source, ci, private)
    ci_file = journal / (".gitlab-ci.yml" if ci == "gitlab" else ".github/workflows/publish.yml")
    if f'DAYBOOK_COMMIT: "{commit}"' not in ci_file.read_text():
        raise r.Failure(f"init did not pin the tag's commit {commit}")
    say(f"  init pinned v{r.version()} at {commit[:12]} from {source}")
    if after_init:
        after_init(source, commit)
    r.run(["git", "init", "-q", "--bare", str(work / "site.git")])
    r.run(["git", "-C", str(journal), "init", "-q", "-b", "main"])
    commit_all(journal, "A new journal")
    check_site(push(runner, journal, 1, ci, private), 1, private)
    entry = next(journal.glob("entries/*/*/*-first-entry.md"))
    entry.write_text(entry.read_text() + "\n" + EDIT + "\n")
    commit_all(journal, "An edit")
    check_site(push(runner, journal, 2, ci, private), 2, private)
    if ci == "github" and (2, "Build Daybook from source", "skipped") not in runner.ran:
        raise r.Failure("push 2 built Daybook again instead of taking it from the cache")
    if private and ci == "github" and r.run(["git", "-C", str(work / "site.git"), "rev-list", "--count", "gh-pages"]).strip() != "1":
        raise r.Failure("the site repository keeps a history of earlier editions")
    return runner.ran


def commit_all(folder, message):
    r.run(["git", "-C", str(folder), "add", "-A"])
    r.run(["git", "-C", str(folder), "-c", "user.name=Rehearsal", "-c", "user.email=rehearsal@localhost",
           "commit", "-q", "-m", message])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--full", action="store_true", help="build Daybook for real (swift build -c release)")
    parser.add_argument("--private", action="store_true", help="daybook init --private")
    parser.add_argument("--ci", choices=["github", "gitlab"], default="github")
    parser.add_argument("--binary", help="the daybook that runs init (default: .build/debug/daybook)")
    parser.add_argument("--keep", help="work in this folder and leave it")
    args = parser.parse_args()
    started = time.monotonic()
    kind = f"{args.ci}, {'private' if args.private else 'public'}, {'full' if args.full else 'quick'}"
    print(f"CI rehearsal ({kind}):")
    try:
        rehearse(args.ci, args.private, args.full, args.binary, args.keep)
    except r.Failure as failure:
        print(f"FAILED: {failure}")
        return 1
    print(f"passed in {time.monotonic() - started:.0f} s")
    return 0
