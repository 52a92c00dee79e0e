"""Issue 39, "Any language later": the layout uses CSS logical properties (start/end, inline/block),
so a right-to-left language (the ar-XB pseudo-locale today) needs no code change. The one place
that keeps left and right is the paper of a print page: a card grid sits where the back of the
sheet meets it, whatever the language."""

import re
from pathlib import Path

CSS = Path(__file__).resolve().parents[2] / "static" / "css"
PHYSICAL = re.compile(r"(?<![\w-])(?:(?:margin|padding|border)-(?:left|right)[\w-]*|left|right|float)\s*:"
                      r"|text-align\s*:\s*(?:left|right)")


def physical(css: str) -> list[str]:
    """The rules (selector and declarations) that name a left or right side."""
    return [rule.strip() for rule in re.findall(r"[^{}]+\{[^{}]*\}", css) if PHYSICAL.search(rule)]


def test_the_screen_layout_names_no_left_or_right():
    for sheet in sorted(CSS.glob("*.css")):
        rules = physical(sheet.read_text(encoding="utf-8"))
        if sheet.name == "print.css":  # a printed sheet's grid and text boxes sit on the paper itself
            rules = [rule for rule in rules if not rule.startswith(".sheet ")]
        assert rules == [], sheet.name


def test_the_check_finds_a_physical_side():
    assert physical(".a { margin-left: 1rem; } .b { padding-inline-start: 1rem; } .c { text-align: right; }") \
        == [".a { margin-left: 1rem; }", ".c { text-align: right; }"]
