"""A reference implementation of Daybook's private-journal format v4
(docs/private.md), in Python with PyPI `cryptography`, for the browser tests and the known-answer
vectors shared by the Swift and JavaScript sides.

It is deliberately plain: one function per step of the format. `make_private_site` turns a plain
built Daybook site into a whole-private (or mixed) one, so the viewer can be tested without the
Swift side. Run it as a script to write Tests/Fixtures/private-vectors.json."""
import base64
import hashlib
import hmac
import html
import json
import pathlib
import re
import shutil
import struct
import sys
import unicodedata
import zlib

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC
from cryptography.hazmat.primitives.keywrap import aes_key_unwrap, aes_key_wrap

CHUNK = 65536
FORMAT = 6
HKDF_SALT = b"daybook private v2"
READER_SALT = b"daybook reader v2"
MAGIC = b"DBK4"
TEMPLATES = pathlib.Path(__file__).resolve().parents[2] / "Templates"


# ---- Derivations ------------------------------------------------------------------------------

def h(site_key: bytes, label: str, length: int) -> bytes:
    """H(label, L): HKDF-SHA256 of the site key with the fixed salt and the label as info."""
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=HKDF_SALT,
                info=label.encode("utf-8")).derive(site_key)


def journal_salt(site_key: bytes) -> bytes:
    return h(site_key, "journal-salt", 16)


def reader_name(name: str) -> str:
    return unicodedata.normalize("NFC", name).lower()


def nfc(text: str) -> bytes:
    return unicodedata.normalize("NFC", text).encode("utf-8")


def reader_secrets(journal: bytes, name: str, password: str, iterations: int):
    """(kek, id): PBKDF2 of the password salted with the journal salt and the name, then HKDF."""
    master = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=journal + reader_name(name).encode("utf-8"),
                        iterations=iterations).derive(nfc(password))

    def split(info: str, length: int) -> bytes:
        return HKDF(algorithm=hashes.SHA256(), length=length, salt=READER_SALT, info=info.encode()).derive(master)
    return split("kek", 32), split("reader-id", 16).hex()


def edition_id(labels) -> str:
    """"*" for a reader who sees everything (labels None), else the sorted labels joined by ","."""
    return "*" if labels is None else ",".join(sorted(labels))


def epoch(site_key: bytes, edition: str, readers) -> str:
    """A keyed fingerprint of the edition's readers: [(name, password)], names as reader_name gives."""
    data = edition.encode("utf-8") + b"\x00"
    for name, password in sorted((reader_name(n), p) for n, p in readers):
        data += name.encode("utf-8") + b"\x00" + nfc(password) + b"\x00"
    return hmac.new(h(site_key, "edition-epoch", 32), data, hashlib.sha256).digest()[:16].hex()


def edition_key(site_key: bytes, edition: str, epoch_hex: str) -> bytes:
    return h(site_key, f"edition-key:{edition}:{epoch_hex}", 32)


def nonce_key(site_key: bytes, edition: str, epoch_hex: str) -> bytes:
    return h(site_key, f"edition-nonce:{edition}:{epoch_hex}", 32)


def edition_folder(site_key: bytes, edition: str) -> str:
    return h(site_key, "edition-folder:" + edition, 8).hex()


def wrap(kek_bytes: bytes, key: bytes) -> bytes:
    return aes_key_wrap(kek_bytes, key)


def unwrap(kek_bytes: bytes, wrapped: bytes) -> bytes:
    return aes_key_unwrap(kek_bytes, wrapped)


# ---- Sealed files -----------------------------------------------------------------------------

class Role:
    """What a sealed binary is: an edition's manifest or its pack, or a shared entry's copy;
    roles that never meet."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return self.name.upper()


MANIFEST, PACK, SHARE = Role("manifest"), Role("pack"), Role("share")


def share_key(site_key: bytes, share_id: str, entry: str) -> bytes:
    """The key of a shared entry's copy: the one its link carries after `#`."""
    return h(site_key, f"share-key:{share_id}:{entry}", 32)


def share_nonce_key(site_key: bytes, share_id: str, entry: str) -> bytes:
    return h(site_key, f"share-nonce:{share_id}:{entry}", 32)


def share_name(share_id: str) -> str:
    """The copy's name in share/: from the id alone, which the link carries."""
    return hashlib.sha256(b"daybook share\x00" + share_id.encode("ascii")).hexdigest()[:32]


def aad(role, index: int, count: int) -> bytes:
    """A chunk's binding: the version, the role, the chunk's index and, but for a pack's chunk,
    the count. A pack's chunks are bound by the manifest, which lists their digests in order, so
    a pack can grow without sealing its first chunks again."""
    tail = struct.pack(">I", index) if role is PACK else struct.pack(">II", index, count)
    return b"daybook/v4\x00" + role.name.encode("ascii") + b"\x00" + tail


def chunks(plaintext: bytes):
    return [plaintext[i:i + CHUNK] for i in range(0, len(plaintext), CHUNK)] or [b""]


def seal_chunks(key: bytes, nonce_key_bytes: bytes, role, plaintext: bytes, first: int = 0) -> list:
    """Each chunk sealed: nonce || ciphertext || tag, the nonce an HMAC of the digest of the
    plaintext sealed at once (the SHA-256 of its chunks' SHA-256s), the chunk's binding and the
    chunk's SHA-256. A pack's chunks are numbered from `first`: a build that adds to a pack seals only what
    it adds."""
    parts = chunks(plaintext)
    part_digests = [hashlib.sha256(part).digest() for part in parts]
    digest = hashlib.sha256(b"".join(part_digests)).digest()
    out = []
    for i, part in enumerate(parts):
        data = aad(role, first + i, len(parts))
        nonce = hmac.new(nonce_key_bytes, digest + data + part_digests[i], hashlib.sha256).digest()[:12]
        out.append(nonce + AESGCM(key).encrypt(nonce, part, data))
    return out


def seal(key: bytes, nonce_key_bytes: bytes, role, plaintext: bytes) -> bytes:
    """A sealed binary as one file (the manifest): magic, chunk count, then the chunks."""
    parts = seal_chunks(key, nonce_key_bytes, role, plaintext)
    return MAGIC + struct.pack(">I", len(parts)) + b"".join(parts)


def unseal_chunk(key: bytes, role, index: int, count: int, binary: bytes) -> bytes:
    return AESGCM(key).decrypt(binary[:12], binary[12:], aad(role, index, count))


def unseal(key: bytes, role, binary: bytes) -> bytes:
    """The plaintext of a sealed binary; raises on any change (cryptography's InvalidTag or ValueError)."""
    if binary[:4] != MAGIC or len(binary) < 8:
        raise ValueError("not a sealed file")
    count = struct.unpack(">I", binary[4:8])[0]
    offset, out = 8, []
    for i in range(count):
        size = 12 + (CHUNK if i < count - 1 else len(binary) - offset - 12 - 16) + 16
        out.append(unseal_chunk(key, role, i, count, binary[offset:offset + size]))
        offset += size
    if offset != len(binary):
        raise ValueError("trailing bytes")
    return b"".join(out)


# ---- A file in the pack: raw DEFLATE, as Daybook writes it (PackDeflate.swift) ------------------

STORED_KINDS = {"avif", "gif", "gz", "jpeg", "jpg", "m4a", "mp3", "mp4", "ogg", "png", "webm", "webp", "woff", "woff2", "zip"}


def _reversed(value: int, length: int) -> int:
    return int(format(value, f"0{length}b")[::-1], 2) if length else 0


LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
                 6145, 8193, 12289, 16385, 24577]
DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
FIXED_LITERAL_LENGTHS = [8] * 144 + [9] * 112 + [7] * 24 + [8] * 8
FIXED_DISTANCE_LENGTHS = [5] * 30
RUN_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
RUN_EXTRA = {16: 2, 17: 3, 18: 7}


def _slot(bases, value):
    return max(i for i, base in enumerate(bases) if base <= value)


def _tokens(data: bytes) -> list:
    """At each position, the last position whose four bytes hashed alike, if within 32 KiB, gives a
    match as long as it goes (up to 258); else a literal. Positions inside a match of at most 8
    bytes go into the table too. Literals as ints, matches as (length, distance)."""
    n = len(data)
    bits = min(15, max(8, max(1, n).bit_length()))
    table = [-1] * (1 << bits)
    tokens = []

    def hash_at(i):
        word = int.from_bytes(data[i:i + 4], "little")
        return ((word * 2654435761) & 0xFFFFFFFF) >> (32 - bits)

    at = 0
    while at + 4 <= n:
        h = hash_at(at)
        candidate, table[h] = table[h], at
        length = 0
        if candidate >= 0 and at - candidate <= 32768:
            limit = min(258, n - at)
            while length < limit and data[candidate + length] == data[at + length]:
                length += 1
        if length < 4:
            tokens.append(data[at])
            at += 1
            continue
        tokens.append((length, at - candidate))
        if length <= 8:
            for inner in range(at + 1, min(at + length, n - 3)):
                table[hash_at(inner)] = inner
        at += length
    tokens += list(data[at:])
    return tokens


def _huffman_lengths(counts: list, limit: int) -> list:
    """Code lengths of at most `limit` bits: at least two symbols (the lowest unused ones added
    with a count of one); the two least counts joined first, a symbol before a join of the same
    count, lower symbols first; while a length passes the limit, every count halved, rounding up."""
    counts = list(counts)
    used = sum(1 for c in counts if c > 0)
    for symbol in range(len(counts)):
        if used >= 2:
            break
        if counts[symbol] == 0:
            counts[symbol] = 1
            used += 1
    while True:
        symbols = sorted((s for s in range(len(counts)) if counts[s] > 0), key=lambda s: (counts[s], s))
        weight = [counts[s] for s in symbols]
        parent = [-1] * len(symbols)
        leaf, join = 0, len(symbols)

        def smallest():
            nonlocal leaf, join
            if leaf < len(symbols) and (join >= len(weight) or weight[leaf] <= weight[join]):
                leaf += 1
                return leaf - 1
            join += 1
            return join - 1

        for _ in range(len(symbols) - 1):
            a = smallest()
            b = smallest()
            weight.append(weight[a] + weight[b])
            parent.append(-1)
            parent[a] = parent[b] = len(weight) - 1
        depth = [0] * len(weight)
        for node in range(len(weight) - 2, -1, -1):
            depth[node] = depth[parent[node]] + 1
        lengths = [0] * len(counts)
        for node, symbol in enumerate(symbols):
            lengths[symbol] = depth[node]
        if max(lengths) <= limit:
            return lengths
        counts = [(c + 1) // 2 for c in counts]


def _canonical(lengths: list) -> list:
    """(reversed code, length) per symbol, RFC 1951 3.2.2."""
    longest = max(lengths)
    per_length = [0] * (longest + 1)
    for length in lengths:
        if length:
            per_length[length] += 1
    next_code, code = [0] * (longest + 2), 0
    for length in range(1, longest + 1):
        code = (code + (per_length[length - 1] if length > 1 else 0)) << 1
        next_code[length] = code
    codes = []
    for length in lengths:
        if length:
            codes.append((_reversed(next_code[length], length), length))
            next_code[length] += 1
        else:
            codes.append((0, 0))
    return codes


def _runs(lengths: list) -> list:
    """The code lengths as the head gives them: (symbol, extra), runs taken as long as they go."""
    runs, at = [], 0
    while at < len(lengths):
        value, run = lengths[at], 1
        while at + run < len(lengths) and lengths[at + run] == value:
            run += 1
        at += run
        if value == 0:
            while run >= 11:
                taken = min(run, 138)
                runs.append((18, taken - 11))
                run -= taken
            if run >= 3:
                runs.append((17, run - 3))
                run = 0
        else:
            runs.append((value, 0))
            run -= 1
            while run >= 3:
                taken = min(run, 6)
                runs.append((16, taken - 3))
                run -= taken
        runs += [(value, 0)] * run
    return runs


def deflate_daybook(data: bytes) -> bytes:
    """One final block: the tokens (`_tokens`) with the fixed codes, or with codes made for the
    file when those and their description take fewer bits. Slow, and plain."""
    tokens = _tokens(data)
    literal_counts, distance_counts, extra = [0] * 286, [0] * 30, 0
    literal_counts[256] = 1
    for token in tokens:
        if isinstance(token, int):
            literal_counts[token] += 1
            continue
        length_slot, distance_slot = _slot(LENGTH_BASE, token[0]), _slot(DISTANCE_BASE, token[1])
        literal_counts[257 + length_slot] += 1
        distance_counts[distance_slot] += 1
        extra += LENGTH_EXTRA[length_slot] + DISTANCE_EXTRA[distance_slot]

    def data_bits(literal_lengths, distance_lengths):
        return extra + sum(c * n for c, n in zip(literal_counts, literal_lengths)) + \
            sum(c * n for c, n in zip(distance_counts, distance_lengths))

    literal_lengths = _huffman_lengths(literal_counts, 15)
    distance_lengths = _huffman_lengths(distance_counts, 15)
    literal_count = max(257, max(i for i, n in enumerate(literal_lengths) if n) + 1)
    distance_count = max(1, max(i for i, n in enumerate(distance_lengths) if n) + 1)
    runs = _runs(literal_lengths[:literal_count] + distance_lengths[:distance_count])
    run_counts = [0] * 19
    for symbol, _ in runs:
        run_counts[symbol] += 1
    run_lengths = _huffman_lengths(run_counts, 7)
    run_length_count = max(4, max(i for i, symbol in enumerate(RUN_ORDER) if run_lengths[symbol]) + 1)
    own_bits = 14 + 3 * run_length_count + sum(run_lengths[s] + RUN_EXTRA.get(s, 0) for s, _ in runs) + \
        data_bits(literal_lengths, distance_lengths)
    own = own_bits < data_bits(FIXED_LITERAL_LENGTHS, FIXED_DISTANCE_LENGTHS)

    acc, count, out = 0, 0, bytearray()

    def put(value, length):
        nonlocal acc, count
        acc |= value << count
        count += length
        while count >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            count -= 8

    if own:
        put(0b101, 3)
        put(literal_count - 257, 5)
        put(distance_count - 1, 5)
        put(run_length_count - 4, 4)
        for symbol in RUN_ORDER[:run_length_count]:
            put(run_lengths[symbol], 3)
        run_codes = _canonical(run_lengths)
        for symbol, extra_value in runs:
            put(*run_codes[symbol])
            if symbol in RUN_EXTRA:
                put(extra_value, RUN_EXTRA[symbol])
        literal_codes, distance_codes = _canonical(literal_lengths), _canonical(distance_lengths)
    else:
        put(0b011, 3)
        literal_codes, distance_codes = _canonical(FIXED_LITERAL_LENGTHS), _canonical(FIXED_DISTANCE_LENGTHS)
    for token in tokens:
        if isinstance(token, int):
            put(*literal_codes[token])
            continue
        length, distance = token
        slot = _slot(LENGTH_BASE, length)
        put(*literal_codes[257 + slot])
        put(length - LENGTH_BASE[slot], LENGTH_EXTRA[slot])
        slot = _slot(DISTANCE_BASE, distance)
        put(*distance_codes[slot])
        put(distance - DISTANCE_BASE[slot], DISTANCE_EXTRA[slot])
    put(*literal_codes[256])
    if count:
        out.append(acc & 0xFF)
    return bytes(out)


def deflate_stored(data: bytes) -> bytes:
    out, at = bytearray(), 0
    while True:
        length = min(65535, len(data) - at)
        final = at + length == len(data)
        out += bytes([1 if final else 0]) + struct.pack("<HH", length, length ^ 0xFFFF) + data[at:at + length]
        at += length
        if final:
            return bytes(out)


def pack_file(path: str, data: bytes, deflate=deflate_daybook) -> bytes:
    """A file as the pack holds it: deflated, or in stored blocks for a kind compressed already or
    when deflating would not make it smaller. `deflate` may be any raw DEFLATE encoder (zlib's, to
    seal a test site quickly): the reader opens any stream; the known answers use Daybook's."""
    parts = path.rsplit("/", 1)[-1].split(".")
    stored = deflate_stored(data)
    if len(parts) > 1 and parts[-1].lower() in STORED_KINDS:
        return stored
    deflated = deflate(data)
    return deflated if len(deflated) < len(stored) else stored


def zlib_deflate(data: bytes) -> bytes:
    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


def unpack_file(path: str, stored: bytes) -> bytes:
    """A file of the pack as it was made; `/records`, which only Daybook reads, is kept as it is."""
    return stored if path == RECORDS else zlib.decompress(stored, -15)


RECORDS = "/records"


def pack(files: dict, deflate=deflate_daybook):
    """Every file of an edition in one plaintext, and where its table is: the files (each as
    `pack_file` makes it) in code-point order of their paths from offset 0, then the table
    {"files": {path: [offset, length]}}, then zeros to a whole number of chunks. Returns
    (plaintext, [table offset, table length])."""
    table, body, at = {}, [], 0
    for path in sorted(files):
        stored = pack_file(path, files[path], deflate)
        table[path] = [at, len(stored)]
        body.append(stored)
        at += len(stored)
    head = compact_json({"files": table}).encode("utf-8")
    used = at + len(head)
    padded = max(1, -(-used // CHUNK)) * CHUNK
    return b"".join(body) + head + b"\x00" * (padded - used), [at, len(head)]


def unpack(plaintext: bytes, place) -> dict:
    """The files of a pack, by path, as they were made, its table being at `place` ([offset,
    length], the manifest's)."""
    offset, length = place
    table = json.loads(plaintext[offset:offset + length].decode("utf-8"))["files"]
    return {path: unpack_file(path, plaintext[at:at + size]) for path, (at, size) in table.items()}


def unframe(plaintext: bytes) -> dict:
    """The files of a shared entry's copy, which carries its own table: the table's length
    (4 bytes, big-endian), the table, whose offsets count from its end, then the files."""
    length = struct.unpack(">I", plaintext[:4])[0]
    table, start = json.loads(plaintext[4:4 + length].decode("utf-8"))["files"], 4 + length
    return {path: plaintext[start + offset:start + offset + size] for path, (offset, size) in table.items()}


def sealed_name(binary: bytes) -> str:
    return hashlib.sha256(binary).hexdigest()[:32]


def sealed_path(folder: str, name: str) -> str:
    return f"private/{folder}/{name[:2]}/{name}.js"


def sealed_script(name: str, binary: bytes) -> str:
    return f'daybookSealed("{name}","{base64.b64encode(binary).decode("ascii")}");\n'


def compact_json(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def manifest_bytes(chunk_names: list, table, generation: int = 0) -> bytes:
    return compact_json({"chunks": chunk_names, "format": FORMAT, "generation": generation, "table": table}).encode("utf-8")


def keys_js(journal: bytes, readers: list, iterations: int, named: bool, remember_days: int) -> str:
    """`private/keys.js`; readers are dicts with folder, id, key, manifest (base64 done here)."""
    rows = sorted(({"folder": r["folder"], "id": r["id"], "key": b64(r["key"]), "manifest": r["manifest"]}
                   for r in readers), key=lambda r: r["id"])
    body = {"format": FORMAT, "iterations": iterations, "kdf": "PBKDF2-SHA256", "named": named, "readers": rows,
            "remember_days": remember_days, "salt": b64(journal)}
    return "window.daybookKeys = " + compact_json(body) + ";\n"


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


# ---- An edition, and a whole site --------------------------------------------------------------

class Edition:
    """Seals files of one edition into `out`/private/<folder>/ and remembers their names.
    `readers`: [(name, password)] of the readers who open it."""

    def __init__(self, site_key: bytes, edition: str, out: pathlib.Path, readers=(), generation: int = 0, deflate=None):
        e = epoch(site_key, edition, readers)
        # zlib's encoder by default: Daybook's, in Python, is slow, and the browser opens either.
        self.deflate = deflate or zlib_deflate
        self.key, self.nonce = edition_key(site_key, edition, e), nonce_key(site_key, edition, e)
        self.folder, self.out, self.files, self.generation = edition_folder(site_key, edition), out, {}, generation

    def add(self, path: str, plaintext: bytes):
        self.files[path] = plaintext

    def write(self, binary: bytes) -> str:
        name = sealed_name(binary)
        target = self.out / sealed_path(self.folder, name)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(sealed_script(name, binary), encoding="ascii")
        return name

    def finish(self) -> str:
        """Seals the pack of every added file, one file per chunk, then the manifest; its name."""
        plaintext, table = pack(self.files, self.deflate)
        self.chunks = [self.write(c) for c in seal_chunks(self.key, self.nonce, PACK, plaintext)]
        return self.write(seal(self.key, self.nonce, MANIFEST, manifest_bytes(self.chunks, table, self.generation)))


PUBLIC_NAMES = {"robots.txt"}
NEVER = {"feed.xml", "feed.json", "sitemap.xml"}


def is_asset(path: str) -> bool:
    """A Templates/ file written under its hashed name (style.<hash>.css, search.<hash>.js): public."""
    m = re.fullmatch(r"([a-z0-9-]+)\.[0-9a-f]{10}\.(js|css)", path)
    return bool(m) and (TEMPLATES / f"{m.group(1)}.{m.group(2)}").is_file()


def asset_named(site: pathlib.Path, stem: str, ext: str):
    return next((p.name for p in sorted(site.iterdir()) if is_asset(p.name) and p.name.startswith(stem + ".")
                 and p.name.endswith("." + ext)), None)


def make_private_site(plain: pathlib.Path, out: pathlib.Path, site_key: str, readers: list,
                      iterations: int = 600000, remember_days: int = 30, mixed: bool = False,
                      title: str = "", lang: str = "en", fresh_assets: bool = True, generation: int = 0, deflate=None) -> dict:
    """Writes to `out` a private journal made of the plain site `plain`: every page and data file
    sealed for each reader's edition, `private/keys.js`, the viewer at `private/index.html` (and
    at `index.html` unless `mixed`, where the plain pages stay public as a stand-in public site).
    `readers`: [{"name": str ("" for the single reader), "password": str, "labels": None|[...]}].
    `fresh_assets` copies the current Templates/ scripts and stylesheet over the built ones, so
    the tests see today's scripts before the binary is rebuilt. `deflate` encodes each file
    (`pack_file`; zlib's by default). Returns what tests need."""
    plain, out, key = pathlib.Path(plain), pathlib.Path(out), site_key.encode("utf-8")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    files = sorted(p.relative_to(plain).as_posix() for p in plain.rglob("*") if p.is_file())
    editions = {}
    for path in files:
        if path in NEVER:
            continue
        source = plain / path
        if is_asset(path) or path in PUBLIC_NAMES or mixed:
            (out / path).parent.mkdir(parents=True, exist_ok=True)
            template = TEMPLATES / re.sub(r"\.[0-9a-f]{10}\.", ".", path)
            shutil.copyfile(template if fresh_assets and is_asset(path) else source, out / path)
    for reader in readers:
        edition = edition_id(reader.get("labels"))
        if edition not in editions:
            group = [(r["name"], r["password"]) for r in readers if edition_id(r.get("labels")) == edition]
            editions[edition] = Edition(key, edition, out, group, generation, deflate)
            for path in files:
                if path not in NEVER and not is_asset(path) and path not in PUBLIC_NAMES:
                    editions[edition].add(path, (plain / path).read_bytes())
            editions[edition].manifest = editions[edition].finish()
    journal = journal_salt(key)
    rows = []
    for reader in readers:
        edition = editions[edition_id(reader.get("labels"))]
        kek, rid = reader_secrets(journal, reader["name"], reader["password"], iterations)
        rows.append({"folder": edition.folder, "id": rid, "key": wrap(kek, edition.key), "manifest": edition.manifest})
    named = any(r["name"] for r in readers)
    (out / "private").mkdir(exist_ok=True)
    (out / "private/keys.js").write_text(keys_js(journal, rows, iterations, named, remember_days))
    style, script = asset_named(out, "style", "css"), asset_named(out, "private", "js")
    if script is None:  # the binary that built `plain` predates private.js
        script = "private.0000000000.js"
        shutil.copyfile(TEMPLATES / "private.js", out / script)
    viewers = ["private/index.html"] + ([] if mixed else ["index.html"])
    for viewer in viewers:
        root = "../" if viewer.startswith("private/") else "./"
        context = {"lang": lang, "dir": "ltr", "title": title, "stylesheet": root + style, "script": root + script,
                   "keys": root + "private/keys.js", "root": root, "named": named, "remember_days": remember_days,
                   "public_home": root + "index.html" if mixed else "", "words": WORDS,
                   # swift-mustache renders a section for any string, "" too: the template tests booleans.
                   "has_title": bool(title), "has_public_home": mixed}
        (out / viewer).write_text(render(TEMPLATES.joinpath("unlock.mustache").read_text(), context))
    return {"editions": editions, "journal": journal}


# ---- The viewer page: a tiny Mustache (variables, sections, inverted sections, dotted names) ---

WORDS = {}  # filled from docs/templates.md's defaults below, the English the lead's table starts from


def lookup(stack, name):
    if name == ".":
        return stack[-1]
    for context in reversed(stack):
        value, found = context, True
        for part in name.split("."):
            if isinstance(value, dict) and part in value:
                value = value[part]
            else:
                found = False
                break
        if found:
            return value
    return None


def render(template: str, context, stack=None) -> str:
    stack = stack or [context]
    out, pos = [], 0
    tag = re.compile(r"\{\{([#^/]?)\s*([\w.]+)\s*\}\}")
    while True:
        m = tag.search(template, pos)
        if not m:
            return "".join(out) + template[pos:]
        out.append(template[pos:m.start()])
        kind, name = m.group(1), m.group(2)
        if kind == "":
            value = lookup(stack, name)
            out.append("" if value is None or value is False else html.escape(str(value), quote=True))
            pos = m.end()
            continue
        close = re.compile(r"\{\{/\s*" + re.escape(name) + r"\s*\}\}")
        end = close.search(template, m.end())  # no nesting of the same name: enough for one page
        inner, value = template[m.end():end.start()], lookup(stack, name)
        truthy = value is not None and value is not False and value != []  # as swift-mustache: "" and 0 are true
        if kind == "#" and truthy:
            out.append(render(inner, context, stack + ([value] if isinstance(value, dict) else [])))
        elif kind == "^" and not truthy:
            out.append(render(inner, context, stack))
        pos = end.end()


def default_words() -> dict:
    """The English words of the unlock page, as documented in docs/templates.md ("The unlock page")."""
    text = (TEMPLATES.parent / "docs/templates.md").read_text(encoding="utf-8")
    if "<!-- unlock words -->" not in text:
        return {}
    section = text.split("<!-- unlock words -->")[1]
    return {m.group(1): m.group(2) for m in re.finditer(r"^\| `words\.(\w+)` \| (.*?) \|", section, re.M)}


WORDS.update(default_words() if (TEMPLATES.parent / "docs/templates.md").is_file() else {})

if __name__ == "__main__":
    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    from private_vectors import main
    main()
