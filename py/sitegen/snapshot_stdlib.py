"""The standard library a restored play page can still import: written as its own small zip.

Run under Pyodide right after the memory snapshot is taken (pyodide_snapshot.mjs), with
``LOADED`` (the modules in the heap when it was taken) and ``OUT`` set. A module already in the heap
needs no file; what the page may still import is every standard-library module reachable by an
``import`` statement (anywhere in a function too) from the loaded modules and from the web
adapter's code kept in the heap, found by reading their bytecode. Left out: the encodings and
tools a page cannot reach (a debugger, a REPL, test runners, servers, legacy code pages).
"""

import dis
import marshal
import sys
import zipfile

STDLIB = next(p for p in sys.path if p.endswith(".zip"))
NEVER_ON_A_PAGE = (
    # a debugger, a REPL, documentation and test tools, command lines
    "pdb", "bdb", "pydoc", "pydoc_data", "doctest", "unittest", "_pyrepl", "cmd", "code", "codeop",
    "rlcompleter", "tracemalloc", "py_compile", "runpy", "argparse", "getopt", "shlex",
    # processes and sockets, which a browser tab has not (Pyodide fetches through JavaScript)
    "multiprocessing", "concurrent.futures.process", "urllib.request", "http.client", "http.cookiejar",
    "http.server", "ftplib", "xmlrpc", "smtplib", "imaplib", "poplib", "socketserver", "wsgiref",
    "webbrowser", "mailbox",
    # mail headers: only package metadata needs them, and only micropip reads that (the install path)
    "email",
    # Windows
    "asyncio.windows_events", "asyncio.windows_utils", "encodings._win_cp_codecs", "encodings.mbcs",
    "encodings.oem", "plistlib")


CODECS = {"ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be",
          "utf_32_le", "charmap", "cp1252", "iso8859_1", "idna", "punycode", "raw_unicode_escape",
          "unicode_escape", "base64_codec", "hex_codec", "undefined", "aliases"}
"""The codecs a page can meet: it reads and writes UTF-8; these are what Unicode, URLs and the
web's default Latin-1 need. Legacy code pages (Windows, Mac, CJK, Cyrillic) stay out."""


def never(name):
    if name.startswith("encodings.") and name.removeprefix("encodings.") not in CODECS:
        return True
    return any(name == n or name.startswith(n + ".") for n in NEVER_ON_A_PAGE)


def imported_by(code, module, is_package):
    """Every module name an import statement in ``code`` (and the code nested in it) may load."""
    names, stack = set(), [code]
    while stack:
        code = stack.pop()
        ops = list(dis.get_instructions(code))
        for i, op in enumerate(ops):
            if op.opname != "IMPORT_NAME":
                continue
            level = ops[i - 2].argval if i >= 2 and isinstance(ops[i - 2].argval, int) else 0
            fromlist = ops[i - 1].argval if i >= 1 else None
            name = op.argval
            if level:
                base = module if is_package else module.rpartition(".")[0]
                for _ in range(level - 1):
                    base = base.rpartition(".")[0]
                name = f"{base}.{name}" if name else base
            parts = name.split(".")
            names.update(".".join(parts[:k]) for k in range(1, len(parts) + 1))
            if isinstance(fromlist, tuple):
                names.update(f"{name}.{item}" for item in fromlist if item != "*")
        stack.extend(c for c in code.co_consts if hasattr(c, "co_code"))
    return names


def main(loaded, out):
    archive = zipfile.ZipFile(STDLIB)
    files = {}  # module name -> (member, is_package)
    for member in archive.namelist():
        if member.endswith(".pyc"):
            name = member[:-4].replace("/", ".")
            package = name.endswith(".__init__")
            files[name.removesuffix(".__init__")] = (member, package)
    heap_code = {}
    for finder in sys.meta_path:  # the web adapter's modules, kept as code (snapshot_imports.py)
        for name, (_, package, _, code) in getattr(finder, "modules", {}).items():
            heap_code[name] = (code, package)
    todo = [n for n in loaded if n in files]
    for name, (code, package) in heap_code.items():
        todo.extend(imported_by(code, name, package))
    todo.extend(n for n in files if n.startswith("encodings."))
    reachable = set()
    while todo:
        name = todo.pop()
        if name in reachable or name not in files or never(name):
            continue
        reachable.add(name)
        member, package = files[name]
        code = marshal_code(archive.read(member))
        todo.extend(imported_by(code, name, package))
    kept = sorted(n for n in reachable if n not in loaded)
    with zipfile.ZipFile(out, "w") as trimmed:
        for name in kept:
            info = archive.getinfo(files[name][0])
            trimmed.writestr(info, archive.read(info), compress_type=info.compress_type)
    return kept


def marshal_code(pyc):
    return marshal.loads(pyc[16:])  # a .pyc: 16 bytes of header, then the marshalled code


main(set(LOADED), OUT)  # noqa: F821 - set by pyodide_snapshot.mjs
