"""Writes Tests/Fixtures/private-vectors.json: known answers of the private format v2, made by
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


ORDER_FILES = {name: "0" * 32 for name in ["search/r/2.js", "search/r/10.js", "a.html", "B.html", "é.html",
                                           "z.html", "Z.html", "a-b.html", "a.b.html", "a/b.html", "😀.html", "\uff5e.html"]}


def pattern(length):
    return bytes(i % 251 for i in range(length))


def sealed_cases():
    text = "<p>Ferry to the island — día 1 ☀</p>\n".encode("utf-8")
    return [
        ("404.html", {"utf8": ""}, b""),
        ("2024/05/01/ferry/index.html", {"utf8": text.decode("utf-8")}, text),
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
    sealed, files = [], {}
    star = by_id["*"]
    key, nonce = bytes.fromhex(star["key_hex"]), bytes.fromhex(star["nonce_key_hex"])
    for role, plaintext, data in sealed_cases():
        binary = ref.seal(key, nonce, role, data)
        name = ref.sealed_name(binary)
        assert ref.unseal(key, role, binary) == data
        sealed.append({"edition": "*", "role": role, "plaintext": plaintext, "plaintext_sha256": hashlib.sha256(data).hexdigest(),
                       "chunks": len(ref.chunks(data)), "binary_length": len(binary), "name": name,
                       "path": ref.sealed_path(star["folder"], name),
                       "nonces_hex": [binary[8 + i * (12 + 65536 + 16):][:12].hex() for i in range(len(ref.chunks(data)))],
                       "binary": ref.b64(binary)})
        files[role] = name
    manifest_plain = ref.manifest_bytes(files, GENERATION)
    manifest_binary = ref.seal(key, nonce, ref.MANIFEST, manifest_plain)
    manifest_name = ref.sealed_name(manifest_binary)
    keys_readers = [{"folder": by_id[v["edition"]]["folder"], "id": v["id"], "key": base64.b64decode(v["wrapped"]),
                     "manifest": manifest_name} for v in keks[:3]]
    return {
        "about": "Known answers of Daybook's private format v2 (docs/private.md), made by Tests/site/private_vectors.py "
                 "with Tests/site/private_reference.py. Hex is lower case; base64 is standard with padding. "
                 "`plaintext` is {utf8: text} or {pattern, length} where byte i is i mod 251. An edition's epoch "
                 "comes from its readers' names and passwords (keks and editions.readers). Sealed files are of "
                 "edition \"*\". The manifest lists the sealed cases by role; keys_js is built from the first "
                 "three keks (iterations 1000, named) with that manifest for every reader.",
        "format": ref.FORMAT,
        "site_key": SITE_KEY,
        "hkdf_salt": ref.HKDF_SALT.decode("ascii"),
        "journal_salt_hex": journal.hex(),
        "journal_salt": ref.b64(journal),
        "passwords": {n: p for n, p, _ in READERS},
        "editions": editions,
        "keks": keks,
        "sealed": sealed,
        "manifest": {"edition": "*", "files": files, "generation": GENERATION, "plaintext": manifest_plain.decode("utf-8"),
                     "name": manifest_name, "path": ref.sealed_path(star["folder"], manifest_name),
                     "binary": ref.b64(manifest_binary), "script": ref.sealed_script(manifest_name, manifest_binary)},
        "keys_js": ref.keys_js(journal, keys_readers, 1000, True, 30),
        # Keys that a "natural" or case-blind sort would order differently: the format's order is
        # by the keys' UTF-8 bytes (Unicode code points), as Python's sort_keys gives.
        "manifest_order": {"files": ORDER_FILES, "plaintext": ref.manifest_bytes(ORDER_FILES).decode("utf-8")},
    }


def main():
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(vectors(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
