"""Writes Tests/Fixtures/private-vectors.json: known answers of the private format v6, made by
private_reference.py, checked by the Swift tests and by the JavaScript test in test_private.py.

    python3 Tests/site/private_vectors.py

Every input is fixed, so running it again gives the same file (a test checks that)."""
import base64
import hashlib
import json
import pathlib

import private_reference as ref

OUT = pathlib.Path(__file__).resolve().parents[1] / "Fixtures/private-vectors.json"
SITE_KEY = "correct horse battery staple, a site key of 48+ chars"
PATTERN = "byte i is i mod 251"


ORDER_FILES = {name: b"" for name in ["search/r/2.js", "search/r/10.js", "a.html", "B.html", "é.html",
                                           "z.html", "Z.html", "a-b.html", "a.b.html", "a/b.html", "😀.html", "\uff5e.html"]}


# A page's worth of markup: literals of every code length, and matches near and far.
MARKUP = "".join(f'<li><a href="../{2000 + i % 25}/0{1 + i % 9}/{i * 7 % 31:02d}/walk-{i * 13 % 97}/">Walk {i} — día {i % 7} ☀</a>'
                 f'<time>{i % 28 + 1} May</time></li>\n' for i in range(300))


def pattern(length):
    return bytes(i % 251 for i in range(length))


def pack_cases():
    """The files of the packed edition: (path, plaintext spec, bytes)."""
    text = "<p>Ferry to the island — día 1 ☀</p>\n".encode("utf-8")
    return [
        ("404.html", {"utf8": ""}, b""),
        ("2024/05/01/ferry/index.html", {"utf8": text.decode("utf-8")}, text),
        ("2024/05/02/index.html", {"utf8": MARKUP}, MARKUP.encode("utf-8")),
        ("search/t/0.js", {"pattern": PATTERN, "length": 65536}, pattern(65536)),
        ("search/t/1.js", {"pattern": PATTERN, "length": 65537}, pattern(65537)),
        ("photos/ferry.jpg", {"pattern": PATTERN, "length": 150000}, pattern(150000)),
    ]


READERS = [("", "open sesame", None), ("Anna", "caf\u0065\u0301 au lait", ["family"]),
           ("Zoe\u0308 Lund", "pässwörd 🗝", ["friends", "family"]), ("ÅSA", "another password", ["family"])]
GENERATION = 1714552200


def group(labels):
    """The (name, password) of every reader of the edition of `labels`."""
    e = ref.edition_id(labels)
    return [(n, p) for n, p, l in READERS if ref.edition_id(l) == e]


def vectors():
    s = SITE_KEY.encode("utf-8")
    journal = ref.journal_salt(s)
    editions = []
    for labels in [None, ["family"], ["friends", "family"]]:
        e = ref.edition_id(labels)
        ep = ref.epoch(s, e, group(labels))
        editions.append({"labels": labels, "id": e, "readers": [n for n, _ in group(labels)], "epoch": ep,
                         "key_hex": ref.edition_key(s, e, ep).hex(), "nonce_key_hex": ref.nonce_key(s, e, ep).hex(),
                         "folder": ref.edition_folder(s, e)})
    by_id = {e["id"]: e for e in editions}
    keks = []
    for (name, password, labels), iterations in [(r, 1000) for r in READERS[:3]] + [(READERS[0], 600000)]:
        k, rid = ref.reader_secrets(journal, name, password, iterations)
        e = by_id[ref.edition_id(labels)]
        wrapped = ref.wrap(k, bytes.fromhex(e["key_hex"]))
        keks.append({"reader": name, "n": ref.reader_name(name), "password": password, "iterations": iterations,
                     "kek_hex": k.hex(), "id": rid, "edition": e["id"], "wrapped": ref.b64(wrapped), "wrapped_hex": wrapped.hex()})
    star = by_id["*"]
    key, nonce = bytes.fromhex(star["key_hex"]), bytes.fromhex(star["nonce_key_hex"])
    files = {path: data for path, _, data in pack_cases()}
    packed, table = ref.pack(files)
    assert ref.unpack(packed, table) == files
    chunks = []
    for i, binary in enumerate(ref.seal_chunks(key, nonce, ref.PACK, packed)):
        assert ref.unseal_chunk(key, ref.PACK, i, len(packed) // ref.CHUNK, binary) == packed[i * ref.CHUNK:(i + 1) * ref.CHUNK]
        name = ref.sealed_name(binary)
        chunks.append({"name": name, "path": ref.sealed_path(star["folder"], name), "nonce_hex": binary[:12].hex(),
                       "binary": ref.b64(binary)})
    names = [c["name"] for c in chunks]
    manifest_plain = ref.manifest_bytes(names, table, GENERATION)
    manifest_binary = ref.seal(key, nonce, ref.MANIFEST, manifest_plain)
    assert ref.unseal(key, ref.MANIFEST, manifest_binary) == manifest_plain
    manifest_name = ref.sealed_name(manifest_binary)
    keys_readers = [{"folder": by_id[v["edition"]]["folder"], "id": v["id"], "key": base64.b64decode(v["wrapped"]),
                     "manifest": manifest_name} for v in keks[:3]]
    return {
        "about": "Known answers of Daybook's private format v6 (docs/private.md), made by Tests/site/private_vectors.py "
                 "with Tests/site/private_reference.py. Hex is lower case; base64 is standard with padding. "
                 "A plaintext is {utf8: text} or {pattern, length} where byte i is i mod 251. An edition's epoch "
                 "comes from its readers' names and passwords (keks and editions.readers). The pack holds the "
                 "files of `pack.files`, each in raw DEFLATE as Daybook writes it (the fixed codes or codes of its own, or stored blocks), and is sealed for edition \"*\", one binary per chunk; the manifest lists "
                 "those chunks; keys_js is built from the first three keks (iterations 1000, named) with that "
                 "manifest for every reader.",
        "format": ref.FORMAT,
        "site_key": SITE_KEY,
        "hkdf_salt": ref.HKDF_SALT.decode("ascii"),
        "journal_salt_hex": journal.hex(),
        "journal_salt": ref.b64(journal),
        "passwords": {n: p for n, p, _ in READERS},
        "editions": editions,
        "keks": keks,
        "pack": {"edition": "*", "files": {path: spec for path, spec, _ in pack_cases()}, "length": len(packed),
                 "plaintext_sha256": hashlib.sha256(packed).hexdigest(),
                 "table": packed[table[0]:table[0] + table[1]].decode("utf-8"), "table_place": table, "chunks": chunks},
        "manifest": {"edition": "*", "chunks": names, "generation": GENERATION, "table": table, "plaintext": manifest_plain.decode("utf-8"),
                     "name": manifest_name, "path": ref.sealed_path(star["folder"], manifest_name),
                     "binary": ref.b64(manifest_binary), "script": ref.sealed_script(manifest_name, manifest_binary)},
        "keys_js": ref.keys_js(journal, keys_readers, 1000, True, 30),
        # Paths that a "natural" or case-blind sort would order differently: the pack's order is
        # by the paths' UTF-8 bytes (Unicode code points), as Python's sort_keys gives.
        "pack_order": {"paths": sorted(ORDER_FILES), "table": order_table()},
        # A file's own Huffman codes (docs/private.md, "Each file deflated"): code lengths for
        # counts that an unlimited code would make too long, and a code-length sequence as runs.
        "huffman": huffman_cases(),
    }


def huffman_cases():
    fibonacci = [1, 1]
    while len(fibonacci) < 30:
        fibonacci.append(fibonacci[-1] + fibonacci[-2])
    cases = [(fibonacci, 15), (fibonacci[:14] + [0] * 5, 7), ([0, 0, 5, 0], 15), ([0] * 30, 15), ([3, 3, 3, 3, 1, 1, 0, 9], 15)]
    lengths = [8] * 144 + [9] * 3 + [0] * 140 + [5, 5, 5] + [0] * 12 + [7] * 9 + [0, 3, 0, 0, 0]
    return {"lengths": [{"counts": counts, "limit": limit, "lengths": ref._huffman_lengths(counts, limit)} for counts, limit in cases],
            "runs": {"lengths": lengths, "runs": [list(run) for run in ref._runs(lengths)]}}


def order_table():
    packed, (at, length) = ref.pack(ORDER_FILES)
    return packed[at:at + length].decode("utf-8")


def main():
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(vectors(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
