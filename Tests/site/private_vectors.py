"""Writes Tests/Fixtures/private-vectors.json: known answers of the private format v1, made by
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


def vectors():
    s = SITE_KEY.encode("utf-8")
    journal = ref.journal_salt(s)
    names = ["", "Anna", "Zoe\u0308 Lund", "ÅSA"]  # "Zoë" decomposed: NFC makes it one letter
    readers = [{"name": n, "n": ref.reader_name(n), "salt_hex": ref.reader_salt(s, n).hex(),
                "salt": ref.b64(ref.reader_salt(s, n)), "id": ref.reader_id(journal, n)} for n in names]
    label_sets = [None, ["family"], ["friends", "family"]]
    editions = []
    for labels in label_sets:
        e = ref.edition_id(labels)
        editions.append({"labels": labels, "id": e, "key_hex": ref.edition_key(s, e).hex(),
                         "nonce_key_hex": ref.nonce_key(s, e).hex(), "folder": ref.edition_folder(s, e)})
    keks = []
    for name, password, iterations, e in [("", "open sesame", 1000, "*"), ("Anna", "caf\u0065\u0301 au lait", 1000, "family"),
                                          ("Zoe\u0308 Lund", "pässwörd 🗝", 1000, "family,friends"),
                                          ("", "open sesame", 600000, "*")]:
        salt = ref.reader_salt(s, name)
        k = ref.kek(password, salt, iterations)
        keks.append({"reader": name, "password": password, "iterations": iterations, "salt_hex": salt.hex(),
                     "kek_hex": k.hex(), "edition": e, "wrapped": ref.b64(ref.wrap(k, ref.edition_key(s, e))),
                     "wrapped_hex": ref.wrap(k, ref.edition_key(s, e)).hex()})
    sealed, files = [], {}
    key, nonce = ref.edition_key(s, "*"), ref.nonce_key(s, "*")
    for role, plaintext, data in sealed_cases():
        binary = ref.seal(key, nonce, role, data)
        name = ref.sealed_name(binary)
        assert ref.unseal(key, role, binary) == data
        sealed.append({"edition": "*", "role": role, "plaintext": plaintext, "plaintext_sha256": hashlib.sha256(data).hexdigest(),
                       "chunks": len(ref.chunks(data)), "binary_length": len(binary), "name": name,
                       "path": ref.sealed_path(ref.edition_folder(s, "*"), name),
                       "nonces_hex": [binary[8 + i * (12 + 65536 + 16):][:12].hex() for i in range(len(ref.chunks(data)))],
                       "binary": ref.b64(binary)})
        files[role] = name
    manifest_plain = ref.manifest_bytes(files)
    manifest_binary = ref.seal(key, nonce, "manifest", manifest_plain)
    manifest_name = ref.sealed_name(manifest_binary)
    keys_readers = []
    for v in keks[:3]:
        folder = ref.edition_folder(s, v["edition"])
        keys_readers.append({"folder": folder, "id": ref.reader_id(journal, v["reader"]), "salt": ref.reader_salt(s, v["reader"]),
                             "key": base64.b64decode(v["wrapped"]), "manifest": manifest_name})
    return {
        "about": "Known answers of Daybook's private format v1 (docs/private.md), made by Tests/site/private_vectors.py "
                 "with Tests/site/private_reference.py. Hex is lower case; base64 is standard with padding. "
                 "`plaintext` is {utf8: text} or {pattern, length} where byte i is i mod 251. Sealed files are of "
                 "edition \"*\". The manifest lists the sealed cases by role; "
                 "keys_js is built from the first three keks (iterations 1000, named) with that manifest for every reader.",
        "format": 1,
        "site_key": SITE_KEY,
        "hkdf_salt": ref.HKDF_SALT.decode("ascii"),
        "journal_salt_hex": journal.hex(),
        "journal_salt": ref.b64(journal),
        "readers": readers,
        "editions": editions,
        "keks": keks,
        "sealed": sealed,
        "manifest": {"edition": "*", "files": files, "plaintext": manifest_plain.decode("utf-8"), "name": manifest_name,
                     "path": ref.sealed_path(ref.edition_folder(s, "*"), manifest_name),
                     "binary": ref.b64(manifest_binary),
                     "script": ref.sealed_script(manifest_name, manifest_binary)},
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
