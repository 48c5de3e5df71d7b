#!/usr/bin/env python3
"""archive_errors_test — hostile and broken archives through `tsjit load` and `tsjit save`.

Each archive is derived from the corpus's tr_inplace.pt with one member replaced (or the file
itself damaged). Both commands must exit 1 with exactly one stderr line `error: ...` that names the
member and the byte offset (and the specific problem), and `tsjit save` must not create its output.
Usage: archive_errors_test.py TSJIT CORPUS_DIR
"""
import io
import os
import struct
import subprocess
import sys
import tempfile
import zipfile

TSJIT, CORPUS = sys.argv[1], sys.argv[2]
BASE = os.path.join(CORPUS, "archives", "tr_inplace.pt")


def members():
    z = zipfile.ZipFile(BASE)
    return {n.split("/", 1)[1]: z.read(n) for n in z.namelist()}


def archive(root="h", **replace):
    m = members()
    for k, v in replace.items():
        m[k.replace("__", "/").replace("_dot_", ".")] = v
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for name, data in m.items():
            if data is not None:
                z.writestr(root + "/" + name, data)
    return buf.getvalue()


def pk(body):
    return b"\x80\x02" + body + b"."


def s(text):
    b = text.encode()
    return b"X" + struct.pack("<I", len(b)) + b


def long8(v):
    return b"\x8a\x08" + struct.pack("<q", v)


def tensor(numel, offset, sizes, strides, dtype=b"FloatStorage"):
    return (b"ctorch._utils\n_rebuild_tensor_v2\n((" + s("storage") + b"ctorch\n" + dtype + b"\n" + s("0") + s("cpu")
            + long8(numel) + b"tQ" + long8(offset) + b"(" + b"".join(long8(x) for x in sizes) + b"t("
            + b"".join(long8(x) for x in strides) + b"t\x89ccollections\nOrderedDict\n)Rt" + b"R")


def zip64_claim(data):
    """The archive with data.pkl's central entry claiming 2^60 bytes through a zip64 extra field."""
    # Rebuild the central entry for data.pkl by hand: sizes saturated, zip64 extra with 2^60.
    out = bytearray(data)
    pos = data.find(b"PK\x01\x02")
    while pos != -1:
        name_len, extra_len, comment_len = struct.unpack("<HHH", data[pos + 28:pos + 34])
        name = data[pos + 46:pos + 46 + name_len]
        if name == b"h/data.pkl":
            break
        pos = data.find(b"PK\x01\x02", pos + 46)
    assert pos != -1 and extra_len == 0
    entry = bytearray(data[pos:pos + 46 + name_len])
    entry[20:28] = b"\xff" * 8
    entry[30:32] = struct.pack("<H", 20)
    extra = struct.pack("<HHQQ", 1, 16, 1 << 60, 1 << 60)
    new = bytes(entry) + extra
    out[pos:pos + 46 + name_len] = new
    # Fix the end record's central directory size.
    end = bytes(out).rfind(b"PK\x05\x06")
    cd_size = struct.unpack("<I", out[end + 12:end + 16])[0] + len(extra)
    out[end + 12:end + 16] = struct.pack("<I", cd_size)
    return bytes(out)


CASES = [
    # name, archive bytes, text the error must contain
    ("os.system", archive(data_dot_pkl=pk(b"cos\nsystem\n" + s("echo pwned") + b"\x85R")),
     ["member 'h/data.pkl' at offset 2", "global 'os system' is not allowed"]),
    ("SETITEM on a list", archive(data_dot_pkl=pk(b"]" + s("k") + b"K\x01s")),
     ["member 'h/data.pkl' at offset", "SETITEM(S) applied to List"]),
    ("storage shorter than the tensor", archive(constants_dot_pkl=pk(tensor(2, 0, [3], [1]) + b"\x85"),
                                                constants__0=b"\0" * 8),
     ["member 'h/constants.pkl' at offset", "reaches element 2 of a storage of 2 elements"]),
    ("storage member shorter than its id", archive(constants_dot_pkl=pk(tensor(4, 0, [4], [1]) + b"\x85"),
                                                   constants__0=b"\0" * 8),
     ["h/constants/0", "offset", "holds 8 bytes, the pickle claims 16"]),
    ("sizes that overflow", archive(constants_dot_pkl=pk(tensor(2, 0, [1 << 62, 4], [1, 1]) + b"\x85"),
                                    constants__0=b"\0" * 8),
     ["member 'h/constants.pkl' at offset", "overflows int64"]),
    ("strides that overflow", archive(constants_dot_pkl=pk(tensor(2, 0, [3, 3], [1 << 62, 1 << 62]) + b"\x85"),
                                      constants__0=b"\0" * 8),
     ["member 'h/constants.pkl' at offset", "overflow"]),
    ("deep nesting", archive(data_dot_pkl=pk(b")" + b"\x85" * 100000)),
     ["member 'h/data.pkl' at offset", "nested more than 2000 deep"]),
    ("huge memo index", archive(data_dot_pkl=pk(b"j\xff\xff\xff\xff")),
     ["member 'h/data.pkl' at offset 2", "memo index 4294967295 was never set"]),
    ("header claiming 2^60 bytes", zip64_claim(archive()),
     ["member 'h/data.pkl' at offset", "runs past the end of the file"]),
    ("wrong version", archive(version=b"99\n"),
     ["member 'h/version' at offset", "unsupported file format version 99"]),
    ("no version", archive(version=None), ["'h/version'", "no version record"]),
    ("truncated", open(BASE, "rb").read()[:1000], ["at offset", "no end-of-central-directory record"]),
]

# A corrupted stored byte inside data.pkl: the CRC catches it.
good = archive()
zz = zipfile.ZipFile(io.BytesIO(good))
info = zz.getinfo("h/data.pkl")
hdr = info.header_offset
n_len, x_len = struct.unpack("<HH", good[hdr + 26:hdr + 30])
at = hdr + 30 + n_len + x_len + 5
CASES.append(("corrupted", good[:at] + bytes([good[at] ^ 0x20]) + good[at + 1:],
              ["member 'h/data.pkl' at offset", "CRC-32 mismatch"]))

failures = 0
with tempfile.TemporaryDirectory() as tmp:
    for name, data, expected in CASES:
        path = os.path.join(tmp, "h.pt")
        with open(path, "wb") as f:
            f.write(data)
        out = os.path.join(tmp, "out.pt")
        for cmd in ([TSJIT, "load", path, "--no-code"], [TSJIT, "save", path, out]):
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
            lines = [l for l in r.stderr.splitlines() if l.strip()]
            problems = []
            if r.returncode != 1:
                problems.append(f"exit status {r.returncode}")
            if len(lines) != 1 or not lines[0].startswith("error: "):
                problems.append(f"stderr is not one error line: {r.stderr!r}")
            for e in expected:
                if e not in r.stderr:
                    problems.append(f"message lacks {e!r}")
            if os.path.exists(out) or any(f.startswith("out.pt") for f in os.listdir(tmp)):
                problems.append("save wrote a file")
            verdict = "ok" if not problems else "FAILED: " + "; ".join(problems)
            print(f"{name:36s} {cmd[1]:5s} {verdict}   [{lines[0] if lines else ''}]")
            failures += bool(problems)
print(f"{len(CASES)} hostile or broken archives, {failures} failures")
sys.exit(1 if failures else 0)
