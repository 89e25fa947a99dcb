#!/usr/bin/env python3
"""Writes the stress journal the layout test builds (Tests/site/test_layout.py): the things a
real journal holds that push a page out of shape.

    make-stress-journal.py OUT

Long words and a long bare URL in excerpts, a wide code block, a table written in Markdown, a
2,000-word entry with headings, a Korean and an Arabic entry, a portrait and a landscape photo
(one used both in the text and in `photos:`), six places within 5 km of each other in Lisbon,
a tag (`daily`) on 300 entries, an untitled entry and a private entry. The same OUT always gets
the same files, so the build's photo cache is reused between runs."""
import argparse
import datetime
import pathlib
import random
import shutil

from PIL import Image, ImageDraw

LONG_WORD = "Donaudampfschifffahrtsgesellschaftskapitänswitwenpensionsberechnungsformular"
LONG_URL = ("https://example.org/archive/2026/journals/a-very-long-address-that-someone-pasted-"
            "straight-from-the-browser-bar/with/many/segments/and?query=string&tracking=abcdefghijklmnopqrstuvwxyz0123456789")
# Six places in Lisbon, all within 5 km of each other.
PLACES = [("Alfama", 38.7118, -9.1300), ("Baixa", 38.7104, -9.1366), ("Chiado", 38.7107, -9.1420),
          ("Bairro Alto", 38.7130, -9.1450), ("Graça", 38.7167, -9.1310), ("Estrela", 38.7126, -9.1605)]
WORDS = ("the river light came slowly over the roofs and the tram bell rang twice while I waited "
         "for coffee at the corner where the tiles are blue and the wind smells of salt").split()


def write(root, relative, text):
    path = root / "entries" / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def front(title=None, date="", tags=(), place=None, extra=""):
    lines = ["---"]
    if title:
        lines.append(f"title: {title}")
    lines.append(f"date: {date}")
    if tags:
        lines.append("tags: [" + ", ".join(tags) + "]")
    if place:
        name, lat, lon = place
        lines.append(f"location: {{ name: {name}, lat: {lat}, lon: {lon} }}")
    return "\n".join(lines) + ("\n" + extra if extra else "") + "\n---\n"


def daily_entries(root):
    """300 short entries tagged `daily`, one a day, each at one of the six places."""
    start = datetime.date(2025, 6, 1)
    rng = random.Random(27)
    for n in range(300):
        day = start + datetime.timedelta(days=n)
        words = " ".join(rng.choice(WORDS) for _ in range(40)).capitalize() + "."
        write(root, f"{day:%Y/%m}/{day:%Y-%m-%d}-day-{n}.md",
              front(f"Day {n + 1}", f"{day} 08:00", ("daily",), PLACES[n % 6]) + words + "\n")


def long_entry():
    rng = random.Random(2000)
    parts = []
    for section in range(10):
        if section:
            parts.append("## " + ["What was wrong", "The base", "Taking it apart", "Glue", "Waiting",
                                  "The second try", "Paint", "Varnish", "Back on the shelf"][section - 1])
        for _ in range(2):
            parts.append(" ".join(rng.choice(WORDS) for _ in range(100)).capitalize() + ".")
    return "\n\n".join(parts) + "\n"


def special_entries(root):
    write(root, "2026/04/2026-04-02-long-words.md",
          front("A pasted link", "2026-04-02 09:00", ("daily", "links"), PLACES[0])
          + f"{LONG_URL} is where the form was, and {LONG_WORD} is what it was called.\n\n"
          "```\n" + "let columns = [" + ", ".join(f'"column number {i}"' for i in range(30)) + "]\n```\n\n"
          "| Day | Tram | Minutes |\n| --- | --- | --- |\n| Monday | 28 | 12 |\n| Tuesday | 15 | 30 |\n\n"
          "- [x] bought tiles\n- [ ] glued tiles\n\nThe `inline code` reads at the size of the text.\n")
    write(root, "2026/04/2026-04-05-the-lamp.md",
          front("Mending the lamp", "2026-04-05 20:00", ("repairs",), PLACES[1]) + long_entry())
    write(root, "2026/04/2026-04-07.md", front(None, "2026-04-07 07:10", ("daily",), PLACES[2])
          + "No title today. " + LONG_WORD + LONG_WORD + ".\n")
    write(root, "2026/04/2026-04-08-korean.md",
          front("비 오는 리스본의 아침", "2026-04-08 08:00", ("travel",), PLACES[3])
          + "아침에 비가 와서 카페에 오래 앉아 있었다. 창밖으로 노란 전차가 천천히 언덕을 올라갔다. "
          "오후에는 골목을 따라 걸으며 타일이 붙은 집들을 구경했다.\n")
    write(root, "2026/04/2026-04-09-arabic.md",
          front("صباح ممطر في لشبونة", "2026-04-09 08:00", ("travel",), PLACES[4])
          + "جلست في المقهى طويلاً لأن المطر كان يهطل. صعد الترام الأصفر التل ببطء، "
          "وفي المساء مشيت في الأزقة الضيقة بين البيوت المزينة بالبلاط.\n")
    write(root, "2026/04/2026-04-10-a-secret.md",
          front("The letter I did not send", "2026-04-10 22:00", ("letters",), PLACES[5], "private: true")
          + "Only for me. " + LONG_WORD + " and " + LONG_URL + "\n")


def photo(path, width, height, hue):
    image = Image.new("RGB", (width, height), hue)
    draw = ImageDraw.Draw(image)
    for i in range(0, width, max(1, width // 12)):
        draw.line([(i, 0), (width - i, height)], fill=(255, 255, 255), width=max(2, width // 200))
    image.save(path, "JPEG", quality=70)


def photo_entry(root):
    folder = root / "entries/2026/04/2026-04-11-tiles"
    folder.mkdir(parents=True, exist_ok=True)
    photo(folder / "tower.jpg", 1200, 1800, (60, 90, 140))
    photo(folder / "river.jpg", 2400, 1600, (150, 110, 60))
    (folder / "index.md").write_text(
        front("Tiles and a tower", "2026-04-11 17:00", ("travel",), PLACES[1],
              'photos:\n  - {file: river.jpg, caption: "The river from the castle"}\n'
              '  - {file: tower.jpg, caption: "The tower, upright"}')
        + "A photo in the text that is also in the gallery:\n\n![The river from the castle](river.jpg)\n\n"
        "And the tower, tall and narrow:\n\n![The tower, upright](tower.jpg)\n", encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=pathlib.Path)
    root = parser.parse_args().out
    # Entries written by an earlier version of this script must not linger; the photo cache in
    # .daybook stays, since the same photos are made again.
    shutil.rmtree(root / "entries", ignore_errors=True)
    root.mkdir(parents=True, exist_ok=True)
    (root / "daybook.yml").write_text("title: Stress journal\nauthor: The layout test\nlocale: en_GB\n"
                                      "timezone: Europe/Lisbon\nquote_of_the_day: false\n", encoding="utf-8")
    daily_entries(root)
    special_entries(root)
    photo_entry(root)


if __name__ == "__main__":
    main()
