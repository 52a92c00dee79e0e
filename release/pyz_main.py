"""biocards.pyz: the class server in one file, for a laptop with Python 3.11+ and no pip.

    python biocards.pyz serve --lan      (on Windows: py biocards.pyz serve --lan, or double-click it)

The first run unpacks the package, the built site and the pure-Python wheels of aiohttp, segno,
platformdirs and theirs into a per-user cache folder named by this file's build (the server sends
the site's files from disk); later runs start from there at once.
"""

import os
import shutil
import sys
import zipfile
from pathlib import Path


def _cache() -> Path:
    """The per-user cache folder, where platformdirs would put it (platformdirs is not unpacked yet)."""
    if os.environ.get("BIOCARDS_PYZ_CACHE"):
        return Path(os.environ["BIOCARDS_PYZ_CACHE"])
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "biocards" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "biocards"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "biocards"


def _unpacked(archive: Path) -> Path:
    with zipfile.ZipFile(archive) as pyz:
        build = pyz.read("BUILD").decode().strip()
        home = _cache() / f"pyz-{build}"
        if (home / "BUILD").is_file():
            return home
        print(f"BioCards: unpacking into {home} (the first run only)", flush=True)
        work = home.with_name(f"{home.name}.{os.getpid()}.tmp")
        shutil.rmtree(work, ignore_errors=True)
        for name in pyz.namelist():
            if name.startswith("biocards/"):
                pyz.extract(name, work)
            elif name.startswith("wheels/") and name.endswith(".whl"):
                with pyz.open(name) as wheel, zipfile.ZipFile(wheel) as unpacked:
                    unpacked.extractall(work / "lib")
        (work / "BUILD").write_text(build)  # written last: a folder with it is whole
    try:
        work.rename(home)
    except OSError:  # another start unpacked it meanwhile
        shutil.rmtree(work, ignore_errors=True)
    return home


if __name__ == "__main__":
    home = _unpacked(Path(__file__).resolve().parent)
    sys.path[:0] = [str(home), str(home / "lib")]
    from biocards.cli import main

    sys.exit(main())
