"""Small helpers every part of the table page shares."""

from __future__ import annotations

from pyscript import document


def _el(element_id: str):
    return document.getElementById(element_id)


def _player(p: int) -> str:
    return f"Player {p + 1}"
