"""Actions (what a player does) and events (what happened), the two values that cross every boundary.

An :class:`Action` is a move: a ``kind`` plus named parameters, immutable and hashable, with a
``label`` a student can read. The label is presentation only: two actions with the same kind and
parameters are equal whatever their labels, so an action rebuilt from JSON matches the legal one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from biocards.i18n import Message


def _freeze(value: Any) -> Any:
    """Make a JSON-like value hashable: lists become tuples, dicts are not allowed."""
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    raise TypeError(f"action parameters must be JSON scalars or lists, not {value!r}")


_SCALARS = frozenset({str, int, float, bool, type(None)})
_set = object.__setattr__
_MADE: dict[tuple, Action] = {}
"""Actions already made, by (kind, label, parameters as given); cleared when it grows too big."""
_MADE_LIMIT = 20_000


def _thaw(value: Any) -> Any:
    return [_thaw(v) for v in value] if isinstance(value, tuple) else value


class Action:
    """A move: ``Action("translate", code="L", position=4, label="Translate Leucine …")``."""

    __slots__ = ("kind", "params", "label", "_hash", "_key")

    kind: str
    params: tuple[tuple[str, Any], ...]
    label: str | Message
    """What a student reads (a Message is written in the reader's language when shown)."""

    def __new__(cls, kind: str, /, *, label: str | Message = "", **params: Any) -> Action:
        # Legal-move lists rebuild the same few hundred moves over and over (a search bot does so
        # thousands of times a move); an Action is immutable, so an equal one already made is
        # handed back instead of being frozen, sorted and hashed again.
        key = (kind, label, *params.items())
        try:
            return _MADE[key]
        except KeyError:
            pass
        except TypeError:  # an unhashable (list) parameter: make it afresh
            return cls._make(kind, label, params)
        if len(_MADE) >= _MADE_LIMIT:
            _MADE.clear()
        action = _MADE[key] = cls._make(kind, label, params)
        return action

    @classmethod
    def _make(cls, kind: str, label: str, params: dict[str, Any]) -> Action:
        self = object.__new__(cls)
        if params:
            if not _RESERVED.isdisjoint(params):
                shadowed = _RESERVED.intersection(params)
                # ``action.get`` must stay the method; a parameter called "get" would silently hide behind it.
                raise ValueError(f"action parameter names {sorted(shadowed)} clash with Action's own attributes")
            if _SCALARS.issuperset(map(type, params.values())):
                frozen = tuple(sorted(params.items())) if len(params) > 1 else tuple(params.items())
            else:
                frozen = tuple(sorted((name, _freeze(v)) for name, v in params.items()))
        else:
            frozen = ()
        _set(self, "kind", kind)
        _set(self, "params", frozen)
        _set(self, "label", label)
        _set(self, "_hash", hash((kind, frozen)))
        _set(self, "_key", None)
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    def __getattr__(self, name: str) -> Any:
        # Parameters read like fields: ``action.position``.
        for key, value in object.__getattribute__(self, "params"):
            if key == name:
                return value
        raise AttributeError(f"{self.kind!r} action has no parameter {name!r}")

    def get(self, name: str, default: Any = None) -> Any:
        """The parameter ``name``, or ``default``."""
        for key, value in self.params:  # a handful of parameters: no dict to build (checks ask often)
            if key == name:
                return value
        return default

    def with_label(self, label: str) -> Action:
        """The same move with another label."""
        return Action(self.kind, label=label, **dict(self.params))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self._hash == other._hash and self.kind == other.kind and self.params == other.params

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        return (_rebuild_action, (self.kind, self.label, self.params))

    def __repr__(self) -> str:
        args = [repr(self.kind)] + [f"{k}={v!r}" for k, v in self.params]
        return f"Action({', '.join(args)})"

    def __str__(self) -> str:
        return str(self.label) if self.label else repr(self)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": ..., **params}``: what a record stores (labels are not stored)."""
        out = {"kind": self.kind}
        for name, value in self.params:  # a record writes thousands of moves: no inner dict to merge
            out[name] = _thaw(value) if type(value) is tuple else value
        return out

    @property
    def key(self) -> str:
        """A canonical string for this move (the page uses it to name clickable elements)."""
        key = self._key
        if key is None:  # written once: a table asks for the key of every legal move on every move
            key = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
            _set(self, "_key", key)
        return key

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """Rebuild an action from :meth:`to_json` output; raises ``ValueError`` on malformed data."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise ValueError(f"an action needs a 'kind': {data!r}")
        params = {k: v for k, v in data.items() if k != "kind"}
        return cls(data["kind"], **params)


_RESERVED = frozenset(name for name in dir(Action) if not name.startswith("_"))


def _rebuild_action(kind: str, label: str, params: tuple) -> Action:
    return Action(kind, label=label, **dict(params))


@dataclass(frozen=True)
class Event:
    """Something that happened, for the game log and for learning."""

    kind: str
    """What happened, e.g. ``"translate"``."""
    player: int | None
    """Who did it (``None`` for the game itself)."""
    message: str | Message
    """One plain sentence a student reads in the log: a :class:`~biocards.i18n.Message`, written in
    the reader's language when it is shown (docs/translating.md), or a str already written."""
    concepts: tuple[str, ...] = ()
    """Concept ids from ``lessons/concepts.toml`` that explain this event."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """Details for the page (JSON-able)."""

    @property
    def text(self) -> str:
        """The sentence in the current language."""
        return str(self.message)

    def to_json(self, *, public: bool = False, text: str | Message | None = None) -> dict[str, Any]:
        """A JSON-able dict of this event, its text in the current language; ``public`` leaves out
        ``data``, which can name what a draw brought (the class server sends every seat only the log
        line everyone reads). ``text`` stands in for the event's own (the class server's line names
        its students, and is written in each socket's language when that socket's frame is)."""
        out = {"kind": self.kind, "player": self.player, "text": self.text if text is None else text,
               "concepts": list(self.concepts)}
        if not public:
            out["data"] = dict(self.data)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """Rebuild an event from :meth:`to_json` output (public or not); ``ValueError`` when malformed."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str) \
                or not isinstance(data.get("text"), str):
            raise ValueError(f"an event needs a 'kind' and a 'text': {data!r}")
        player, concepts, details = data.get("player"), data.get("concepts", ()), data.get("data", {})
        if player is not None and (not isinstance(player, int) or isinstance(player, bool)):
            raise ValueError(f"an event's player is a seat number or null, not {player!r}")
        if not isinstance(concepts, (list, tuple)) or not all(isinstance(c, str) for c in concepts):
            raise ValueError(f"an event's concepts are a list of ids, not {concepts!r}")
        if not isinstance(details, Mapping):
            raise ValueError(f"an event's data is a mapping, not {details!r}")
        return cls(data["kind"], player, data["text"], tuple(concepts), dict(details))
