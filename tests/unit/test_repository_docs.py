"""The repository explains itself (issue 41): a reader of a clone finds every document the code and
the pages cite, and every section a citation names, inside the clone."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

NOT_IN_A_CLONE = re.compile(r"RULINGS|DESIGN\.md|STYLE\.md|STYLE [0-9]|\.\./shared|seeds/0|seed 00[0-9]_")
"""Notes that lived beside the repository while it was young; their content is in docs/ now."""

CITATION = re.compile(r"docs/([a-z-]+\.md)(?: › ([A-Z][^:;,.)\"`\n]*))?")
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")


def tracked_text_files() -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    files = []
    for name in names:
        path = ROOT / name
        if path.suffix in {".png", ".ico", ".woff2", ".whl", ".zip"} or not path.is_file():
            continue
        try:
            files.append((path, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue
    return files


FILES = tracked_text_files()


def headings(path: Path) -> set[str]:
    return {line.lstrip("#").strip() for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#")}


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def test_nothing_cites_a_note_that_a_clone_does_not_have():
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}"
             for path, text in FILES if path.name != Path(__file__).name
             for n, line in enumerate(text.splitlines(), 1) if NOT_IN_A_CLONE.search(line)]
    assert not found, "cite docs/ instead:\n" + "\n".join(found)


def test_every_cited_docs_page_and_section_exists():
    missing = []
    for path, text in FILES:
        for match in CITATION.finditer(text):
            page = ROOT / "docs" / match.group(1)
            if not page.exists():
                missing.append(f"{path.relative_to(ROOT)}: docs/{match.group(1)}")
                continue
            if match.group(2):
                section = match.group(2).strip()
                if not any(section == h or section.startswith(h) for h in headings(page)):
                    missing.append(f"{path.relative_to(ROOT)}: docs/{match.group(1)} › {section}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("doc", ["README.md", *sorted(p.name for p in (ROOT / "docs").glob("*.md"))])
def test_every_link_in_the_docs_leads_somewhere_in_the_repository(doc):
    path = ROOT / doc if doc == "README.md" else ROOT / "docs" / doc
    broken = []
    for target in MARKDOWN_LINK.findall(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # an address outside the repository (credits, licences)
            continue
        file_part, _, fragment = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        if not linked.exists():
            broken.append(target)
        elif fragment and linked.suffix == ".md" and fragment not in {anchor(h) for h in headings(linked)}:
            broken.append(target)
    assert not broken, f"{doc}: " + ", ".join(broken)
