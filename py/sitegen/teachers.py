"""The For teachers pages: ``teachers/index.html`` and ``teachers/<game>.html`` for every game.

Each game's page is drawn from ``lessons/teachers/<game>.toml`` (what it teaches, standards,
discussion questions, misconceptions, a 50-minute plan, written here), the game's rules page
(its concepts), the measured game lengths in ``lessons/teachers/game_lengths.json`` (written by
``python -m sitegen.game_lengths``) and the "In a real cell…" notes the game itself carries,
gathered from its code, its rules page and the lessons that name it.
"""

from __future__ import annotations

import ast
import json
import re
import tomllib
from pathlib import Path

import jinja2

from biocards import games
from biocards.i18n import _, pgettext

from .game_lengths import class_length, fits, minutes, settings, short_format, table_minutes
from .game_lengths import player_counts as _player_counts
from .lessons import LessonError, load_concepts, play_path, read_page
from .localized import prefix, prose_dir, switch_to, twins

PLAN_PHASES = ("Set up", "Play", "Discuss", "Check")
"""The plan's phases, as the teachers' files name them (in every language: data, shown by :func:`phase_name`)."""
PLAN_MINUTES = 50
FIELDS = {"teaches", "start_lesson", "guided", "ngss", "ap", "discussion", "misconception", "plan", "time_note",
          "answers", "objectives", "exit_ticket", "differentiation"}
DIFFERENTIATION = ("english_learners", "iep", "extension")
REAL_CELL = re.compile(r"in a real cell", re.I)
REAL_CELL_IN = {"en": REAL_CELL, "es": re.compile(r"en una célula real", re.I)}
"""How a language's prose says "in a real cell" (its pages' notes are found by it)."""


def phase_name(phase: str) -> str:
    """A plan phase's name in the current language."""
    names = {"Set up": pgettext("plan phase", "Set up"), "Play": pgettext("plan phase", "Play"),
             "Discuss": pgettext("plan phase", "Discuss"), "Check": pgettext("plan phase", "Check")}
    return names.get(phase, phase)


def ap_names() -> dict[str, str]:
    """The College Board's names of the AP Biology units and topics the teachers' files cite (kept in
    English in every file, checked above), in the current language."""
    return {
        "Chemistry of Life": pgettext("AP Biology", "Chemistry of Life"),
        "Cell Structure and Function": pgettext("AP Biology", "Cell Structure and Function"),
        "Cellular Energetics": pgettext("AP Biology", "Cellular Energetics"),
        "Cell Communication and Cell Cycle": pgettext("AP Biology", "Cell Communication and Cell Cycle"),
        "Gene Expression and Regulation": pgettext("AP Biology", "Gene Expression and Regulation"),
        "Structure and Function of Biological Macromolecules": pgettext("AP Biology", "Structure and Function of Biological Macromolecules"),
        "Nucleic Acids": pgettext("AP Biology", "Nucleic Acids"),
        "Cell Structure: Subcellular Components": pgettext("AP Biology", "Cell Structure: Subcellular Components"),
        "Mechanisms of Transport": pgettext("AP Biology", "Mechanisms of Transport"),
        "Cell Compartmentalization": pgettext("AP Biology", "Cell Compartmentalization"),
        "Enzyme Structure": pgettext("AP Biology", "Enzyme Structure"),
        "Cellular Energy": pgettext("AP Biology", "Cellular Energy"),
        "Cellular Respiration": pgettext("AP Biology", "Cellular Respiration"),
        "Cell Communication": pgettext("AP Biology", "Cell Communication"),
        "Introduction to Signal Transduction": pgettext("AP Biology", "Introduction to Signal Transduction"),
        "DNA and RNA Structure": pgettext("AP Biology", "DNA and RNA Structure"),
        "Translation": pgettext("AP Biology", "Translation"),
        "Mutations": pgettext("AP Biology", "Mutations"),
        "Transcription and RNA Processing": pgettext("AP Biology", "Transcription and RNA Processing"),
        "Regulation of Gene Expression": pgettext("AP Biology", "Regulation of Gene Expression"),
        "Gene Expression and Cell Specialization": pgettext("AP Biology", "Gene Expression and Cell Specialization"),
    }


def ap_row(row: dict) -> dict:
    """An AP row as shown: the unit and topic names in the current language, their numbers kept."""
    unit = re.fullmatch(r"Unit (\d+): (.+)", row["unit"])
    topics = [re.fullmatch(r"(\d+\.\d+) (.+)", topic) for topic in row["topics"].split("; ")]
    names = ap_names()
    return {**row, "unit": _("Unit {n}: {name}").format(n=unit.group(1), name=names.get(unit.group(2), unit.group(2))),
            "topics": "; ".join(f"{t.group(1)} {names.get(t.group(2), t.group(2))}" for t in topics)}


def _fail(path: Path, message: str) -> None:
    raise LessonError(f"{path}: {message}")


def _strings(path: Path, value, key: str) -> None:
    if not isinstance(value, str) or not value.strip():
        _fail(path, f"{key} must be a non-empty string")


def check_teacher_page(path: Path, data: dict, lessons: set[str], guided: set[str]) -> dict:
    """One ``lessons/teachers/<game>.toml``, checked: the build stops on anything missing or misnamed."""
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        _fail(path, f"unknown field(s) {', '.join(unknown)}")
    for key in ("teaches", "start_lesson", "guided"):
        _strings(path, data.get(key), key)
    if data["start_lesson"] not in lessons:
        _fail(path, f"start_lesson {data['start_lesson']!r} is not a lesson in lessons/")
    if data["guided"] not in guided:
        _fail(path, f"guided {data['guided']!r} is not a guided lesson in lessons/guided/")
    for key, needs in (("ngss", ("code", "expectation", "how")), ("ap", ("unit", "topics", "how")),
                       ("misconception", ("wrong", "right"))):
        rows = data.get(key)
        if not isinstance(rows, list) or not rows:
            _fail(path, f"needs at least one [[{key}]] table")
        for row in rows:
            extra = sorted(set(row) - set(needs) - ({"fit"} if key == "ngss" else set()))
            if extra:
                _fail(path, f"unknown field(s) {', '.join(extra)} in a [[{key}]] table")
            for field in needs:
                _strings(path, row.get(field), f"[[{key}]] {field}")
    for row in data["ngss"]:
        if not re.fullmatch(r"(HS|MS)-LS[1-4]-\d{1,2}", row["code"]):
            _fail(path, f"{row['code']!r} is not an NGSS life-science performance expectation code")
        if row.get("fit", "partial") != "partial":
            # A standard the game meets only in part says so, and its "how" says which part.
            _fail(path, f"{row['code']}: fit is \"partial\" or left out (a full fit), not {row['fit']!r}")
    for row in data["ap"]:
        unit = re.fullmatch(r"Unit ([1-8]): .+", row["unit"])
        if not unit:
            _fail(path, f"AP unit {row['unit']!r} should read 'Unit N: its name'")
        for topic in row["topics"].split("; "):
            if not re.fullmatch(rf"{unit.group(1)}\.\d{{1,2}} \S.*", topic):
                _fail(path, f"AP topic {topic!r} should read '{unit.group(1)}.N Its Name' (the CED's number and name)")
    discussion = data.get("discussion")
    if not isinstance(discussion, list) or len(discussion) != 3:
        _fail(path, "discussion must list exactly three questions")
    for question in discussion:
        _strings(path, question, "discussion question")
    # The teacher's packet (issue 43): answer keys, objectives, an exit ticket, differentiation.
    answers = data.get("answers")
    if not isinstance(answers, list) or len(answers) != len(discussion):
        _fail(path, "answers must give one answer key for each discussion question, in order")
    for key, low in (("objectives", 2), ("exit_ticket", 2)):
        if not isinstance(data.get(key), list) or len(data[key]) < low:
            _fail(path, f"{key} must list at least {low} items")
    for text in answers + data["objectives"] + data["exit_ticket"]:
        _strings(path, text, "an answer, objective or exit-ticket question")
    differentiation = data.get("differentiation")
    if not isinstance(differentiation, dict) or set(differentiation) != set(DIFFERENTIATION):
        _fail(path, f"[differentiation] needs exactly {', '.join(DIFFERENTIATION)}")
    for key in DIFFERENTIATION:
        _strings(path, differentiation[key], f"differentiation {key}")
    plan = data.get("plan")
    if not isinstance(plan, list) or [row.get("phase") for row in plan] != list(PLAN_PHASES):
        _fail(path, f"plan must have four [[plan]] tables, phases {', '.join(PLAN_PHASES)} in that order")
    for row in plan:
        extra = sorted(set(row) - {"phase", "minutes", "what"})
        if extra:
            _fail(path, f"unknown field(s) {', '.join(extra)} in a [[plan]] table")
        if not isinstance(row.get("minutes"), int) or row["minutes"] <= 0:
            _fail(path, f"plan phase {row['phase']!r} needs minutes (a whole number)")
        _strings(path, row.get("what"), f"plan phase {row['phase']!r} what")
    if sum(row["minutes"] for row in plan) != PLAN_MINUTES:
        _fail(path, f"the plan's minutes add up to {sum(r['minutes'] for r in plan)}, not {PLAN_MINUTES}")
    return data


PRINT_SHEETS = ("worksheet", "exit-ticket")
"""The packet's pages for students, one printed page each: teachers/<game>-<sheet>.html."""


def _first_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ¿¡])", text.strip(), maxsplit=1)[0]


def _definition(concept: dict) -> str:
    """The packet's vocabulary entry for a concept: its ``definition`` where the summary's first
    sentence does not define the title ("Frameshift" begins with the reading frame), else that sentence."""
    return concept.get("definition") or _first_sentence(concept["summary"])


def _sentence_case(text: str) -> str:
    text = " ".join(text.split()).strip()
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def notes_in_code(package: Path, lang: str = "en") -> list[str]:
    """Every "In a real cell…" note a game's own code shows students (cards, log, details), whole,
    in ``lang`` (its catalogs' words; in another language a note its catalog lacks is left out).

    A note in an f-string or in a message template with {fields} is left out (its words depend on
    the card); a note that names "this" event keeps the event's own words before it (an event card's
    title and detail, when the card marks both: "Title: detail")."""
    def say(part: str | tuple[str, ...]) -> str | None:
        if isinstance(part, tuple):
            pieces = [say(piece) for piece in part]
            return ": ".join(pieces) if all(pieces) else None
        if lang == "en":
            return part
        shown = _(part)
        return shown if shown != part else None

    found: list[str] = []
    for parts in _code_note_parts(package):
        shown = [say(part) for part in parts]
        if all(shown):
            found.append(" ".join(_sentence_case(text) for text in shown))
    return list(dict.fromkeys(found))


MARKS = {"N_", "_", "gettext", "lazy_gettext", "message"}
"""biocards.i18n's marks: a string inside one (``N_("…")``) is read as the string itself."""


def _unmarked(node: ast.AST) -> ast.AST:
    """The string constant inside a catalog mark, else the node itself. A message with fields
    (``message("{card} …", card=…)``) is left as it is: like an f-string, its words depend on them."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKS
            and node.args and isinstance(node.args[0], ast.Constant) and not node.keywords
            and "{" not in str(node.args[0].value)):
        return node.args[0]
    return node


def _code_note_parts(package: Path) -> list[tuple]:
    """The strings each "In a real cell" note of a game's code is made of: (event, note) or (note,),
    where the event may be (title, detail)."""
    notes: list[tuple] = []
    for source in sorted(package.glob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        in_fstring = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
        in_fstring |= {id(node.args[0]) for node in ast.walk(tree)  # a message with fields, as an f-string
                       if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKS
                       and node.args and _unmarked(node) is node}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id in MARKS):
                marked = tuple(inner.value for a in node.args if (inner := _unmarked(a)) is not a
                               and isinstance(inner, ast.Constant) and isinstance(inner.value, str))
                texts = [a.value for a in map(_unmarked, node.args)
                         if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                for kw in node.keywords:
                    value = _unmarked(kw.value)
                    if (isinstance(value, ast.Constant) and isinstance(value.value, str)
                            and REAL_CELL.search(value.value) and texts):
                        # An event card's note: say which event ("Unfolded-protein response: …");
                        # a card that marks its title and detail apart names both.
                        event = marked if len(marked) > 1 else max(texts, key=len)
                        notes.append((event, value.value))
                        in_fstring.add(id(value))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in in_fstring
                    and not re.search(r"\{\w+\}", node.value)
                    and re.search(r"(^|\. )In a real cell", node.value)):
                notes.append((node.value,))
    return list(dict.fromkeys(notes))


def _plain(markdown: str) -> str:
    """A Markdown paragraph or list item as plain text: no emphasis, code ticks or list marks."""
    text = re.sub(r"^\s*[-*]\s+", "", markdown)
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    return " ".join(text.replace("**", "").replace("*", "").replace("`", "").split())


def _blocks(body: str) -> list[str]:
    """A page's paragraphs and list items, and each cell of a Markdown table on its own."""
    blocks = []
    for block in re.split(r"\n\s*\n|\n(?=\s*[-*] )", body):
        if block.lstrip().startswith("|"):
            blocks += [cell for line in block.splitlines() for cell in line.strip().strip("|").split("|")
                       if cell.strip() and not set(cell.strip()) <= set("-: ")]
        else:
            blocks.append(block)
    return blocks


def _names_game(text: str, names: tuple[str, ...]) -> bool:
    # Titles only, as written: "translation" in lower case is the cell's, not the game's.
    return any(re.search(rf"\b{re.escape(n)}\b", text) for n in names)


def _game_names(game) -> tuple[str, ...]:
    """How a page names the game: its title, and "gene-expression" for "Gene Expression"."""
    return (game.title,) + ((game.title.lower().replace(" ", "-"),) if " " in game.title else ())


def notes_in_pages(paths: list[Path], names: tuple[str, ...], others: tuple[str, ...] = (),
                   lang: str = "en") -> list[str]:
    """The sentences with "in a real cell" (in ``lang``'s words) in these pages' paragraphs, list
    items and table cells; from a lesson page (``names`` not empty) only those about this game: the
    nearest sentence at or before the note that names a game (this one or one of ``others``) must
    name this one."""
    real_cell = REAL_CELL_IN.get(lang, REAL_CELL)
    notes = []
    for path in paths:
        _meta, body = read_page(path)
        for block in _blocks(body):
            text = _plain(block)
            if not real_cell.search(text):
                continue
            sentences = re.split(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ¿¡(])", text)
            for i, sentence in enumerate(sentences):
                if not real_cell.search(sentence):
                    continue
                if names:
                    named = next((s for s in reversed(sentences[:i + 1]) if _names_game(s, names + others)), "")
                    if not _names_game(named, names):
                        continue
                note = _sentence_case(sentence.strip("()"))
                if i and re.search(r"in a real cell (it|they|this)\b", sentence, re.I):
                    # "In a real cell they…": the block's lead says who "they" are.
                    note = _sentence_case(sentences[0]) + " " + note
                notes.append(note)
    return notes


def real_cell_notes(root: Path, game, lesson_paths: list[Path], lang: str = "en") -> list[str]:
    """Where the game departs from a real cell, as it tells students: its code, rules page, lessons
    (in ``lang``: its catalogs and its prose files)."""
    others = tuple(name for g in games.all() if g.id != game.id for name in _game_names(g))
    notes = notes_in_code(root / "py" / "biocards" / "games" / game.id, lang)
    notes += notes_in_pages([prose_dir(root, lang) / "rules" / f"{game.id}.md"], (), (), lang)
    notes += notes_in_pages(lesson_paths, _game_names(game), others, lang)
    return list(dict.fromkeys(notes))


def times(game, lengths: dict, path: Path) -> list[dict]:
    """One row per format and player count: measured moves (median, 10–90%), the minutes at the
    file's pace, and whether the game fits the play slot (game_lengths.fits)."""
    hint = "run `PYTHONPATH=py python3 -m sitegen.game_lengths` to measure it"
    try:
        measured = settings(game, lengths)
    except KeyError:
        _fail(path, f"no game lengths for {game.id}; {hint}")
    if "short" in game.options and len(measured) < 2:
        _fail(path, f"no game lengths for {game.id}'s short format; {hint}")
    rows = []
    for name, setting in measured:
        missing = [n for n in _player_counts(game) if str(n) not in setting["counts"]]
        if missing:
            _fail(path, f"no game lengths for {game.id} with {missing} players; {hint}")
        for n in _player_counts(game):
            moves = setting["counts"][str(n)]["moves"]
            low, high = minutes(lengths, moves["median"])
            rows.append({"players": n, "short": name == "short", "options": setting["counts"][str(n)]["options"],
                         "variant": n < game.min_players, "median": round(moves["median"]),
                         "p10": moves["p10"], "p90": moves["p90"], "low": low, "high": high,
                         "fits": fits(lengths, moves["median"])})
    return rows


def table_time(game, lengths: dict) -> str:
    """A game's minutes at its printed fewest players, and the short format's: the same words on the
    landing page and the For teachers index ("44–88 minutes with 2 players; short game 35–70")."""
    found = table_minutes(game, lengths)
    whole = _("{low}–{high} minutes with {n} players").format(low=found["whole"][0], high=found["whole"][1],
                                                              n=game.min_players)
    if "short" not in found:
        return whole
    return _("{whole}; short game {low}–{high}").format(whole=whole, low=found["short"][0], high=found["short"][1])


def _play_href(game, players: int, options: dict, root: str = "../", lang: str = "en",
               bell: int | None = None) -> str:
    """The play page's link for this game and seats, its options, and ``bell`` minutes to the bell."""
    seats = ",".join(["human"] + ["greedy"] * (players - 1))
    extra = "".join(f"&opt-{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items())
    if bell is not None:
        extra += f"&bell={bell}"
    return f"{root}{prefix(lang)}{play_path(game.id, lang)}?game={game.id}&seats={seats}{extra}"


def _class_length(game, lengths: dict, top: str, lang: str) -> dict:
    """The format the page offers for the play slot (game_lengths.class_length), named and linked."""
    found = class_length(game, lengths)
    # A game no format fits is started with the bell at the slot's end (the page says so): it ends
    # inside the period with a winner instead of being stopped with none.
    bell = None if found["fits"] else lengths["slot_minutes"]
    name = _("the whole game") if found["format"] == "whole" else _("the short game ({format})").format(
        format=short_format(game.id))
    return {**found, "name": name, "href": _play_href(game, found["players"], found["options"], top, lang, bell)}


def build_teachers(root: Path, dist: Path, env: jinja2.Environment, pages: list[dict],
                   guided: list[dict], lang: str = "en") -> list[dict]:
    """Write ``dist/teachers/`` (a language's ``dist/<lang>/teachers/``, from its own
    ``lessons/<lang>/teachers/`` files, inside ``biocards.i18n.language(lang)``); returns the games
    as listed on the index."""
    folder = prose_dir(root, lang) / "teachers"
    here = dist / prefix(lang)
    top = "../" + ("../" if prefix(lang) else "")  # from dist/<lang>/teachers/ to the site's top
    concepts = json.loads((here / "lessons" / "concepts.json").read_text(encoding="utf-8"))
    defined = load_concepts(root, lang)  # (the page's concepts.json carries no vocabulary definitions)
    lessons = {p["slug"]: p for p in pages if "game" not in p}
    rules = {p["game"]: p for p in pages if "game" in p}
    guided_by_id = {g["id"]: g for g in guided}
    lengths_path = root / "lessons" / "teachers" / "game_lengths.json"  # measured once, for every language
    if not lengths_path.exists():
        _fail(lengths_path, "missing; run `PYTHONPATH=py python3 -m sitegen.game_lengths` to measure the games")
    lengths = json.loads(lengths_path.read_text(encoding="utf-8"))
    listed = []
    for game in games.all():
        path = folder / f"{game.id}.toml"
        if not path.exists():
            _fail(path, f"missing: every game has a For teachers page ({game.title} has none)")
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise LessonError(f"{path}: not valid TOML: {exc}") from None
        check_teacher_page(path, data, set(lessons), set(guided_by_id))
        if game.id not in rules:
            _fail(path, f"{game.title} has no rules page lessons/rules/{game.id}.md")
        lesson_paths = [prose_dir(root, lang) / f"{slug}.md" for slug, p in sorted(lessons.items())
                        if game.id in p.get("games", [])]
        rows = times(game, lengths, lengths_path)
        for row in rows:
            row["href"] = _play_href(game, row["players"], row["options"], top, lang)
        shown = {"ap": [ap_row(row) for row in data["ap"]],
                 "plan": [{**row, "phase_name": phase_name(row["phase"])} for row in data["plan"]]}
        entry = {
            "id": game.id, "title": game.title, "summary": _(game.summary), **data, **shown,
            "min": game.min_players, "max": game.max_players,
            "variant_min": game.variant_min_players,
            "concepts": [{"id": c, **concepts[c]} for c in rules[game.id].get("concepts", [])],
            "vocabulary": [{"word": concepts[c]["title"], "definition": _definition(defined[c])}
                           for c in rules[game.id].get("concepts", [])],
            "rules_href": f"../lessons/rules/{game.id}.html",
            "lesson": {"title": lessons[data["start_lesson"]]["title"],
                       "href": f"../lessons/{data['start_lesson']}.html"},
            "guided_lesson": {"title": guided_by_id[data["guided"]]["title"],
                              "href": top + guided_by_id[data["guided"]]["href"]},
            "times": [r for r in rows if not r["short"]], "short_times": [r for r in rows if r["short"]],
            "time_caption": _("A whole game (to {points} points)").format(points=game.options["target"])
            if "target" in game.options else _("A whole game"),
            "short_caption": _("A short game: {format}").format(format=short_format(game.id)) if "short" in game.options else "",
            "table_time": table_time(game, lengths),
            "class_length": _class_length(game, lengths, top, lang),
            "notes": real_cell_notes(root, game, lesson_paths, lang),
            "play_href": _play_href(game, game.min_players, {}, top, lang),
        }
        listed.append(entry)
        out = here / "teachers" / f"{game.id}.html"
        out.parent.mkdir(parents=True, exist_ok=True)
        links = twins(f"teachers/{game.id}.html", top)
        out.write_text(env.get_template("teachers_game.html").render(
            root=top, game=entry, pace=lengths["seconds_per_move"], lengths=lengths, alternates=links,
            switch_href=switch_to(links, lang)), encoding="utf-8")
        for sheet in PRINT_SHEETS:
            links = twins(f"teachers/{game.id}-{sheet}.html", top)
            (here / "teachers" / f"{game.id}-{sheet}.html").write_text(env.get_template("teachers_sheet.html").render(
                root=top, game=entry, sheet=sheet, alternates=links, switch_href=switch_to(links, lang)),
                encoding="utf-8")
    links = twins("teachers/index.html", top)
    (here / "teachers" / "index.html").write_text(env.get_template("teachers_index.html").render(
        root=top, games=listed, pace=lengths["seconds_per_move"], lengths=lengths,
        lessons=[p for p in pages if "game" not in p], alternates=links, switch_href=switch_to(links, lang)),
        encoding="utf-8")
    return listed
