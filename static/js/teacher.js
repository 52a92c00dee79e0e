// The teacher page: start a class, show its join code, and follow every table live. Everything it
// shows comes from the class server, which refuses any request without the teacher's key: its
// socket (/ws/teacher) sends this teacher's classes once, then only what changed in them; while the
// socket is down the page asks the API now and then, and reconnects.
// A block of its own: every classic script on a page shares one top-level scope.
{
  const site = new URL("../../", document.currentScript.src);
  const key = new URLSearchParams(location.search).get("key") || "";
  const message = document.getElementById("teacher-message");
  const gameField = document.getElementById("class-game");
  const sizeField = document.getElementById("class-size");
  const classesBox = document.getElementById("classes");
  const optionsBox = document.getElementById("class-options");
  const N_ = (text) => text;  // marks a message for the catalog; _() shows it
  const LEVELS = { random: N_("beginner"), greedy: N_("good"), search: N_("strong") };
  let games = [];
  let _ = (text) => text;  // the page's language once its catalog is read (translate.mjs)
  let lang = "en";

  function api(path, body) {
    const url = new URL(`api/teacher${path}`, site);
    url.searchParams.set("lang", lang);  // the server's refusals, names and last moves in the page's language
    // The key in a header, not the address: a proxy's access log keeps addresses.
    const headers = { "X-Teacher-Key": key };
    const options = body === undefined ? {} : {
      method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    return fetch(url, { cache: "no-store", headers, ...options }).then((answer) => {
      // The server says why in the page's language (a removed teacher's link, say); else the page's own words.
      if (answer.status === 403) {
        return answer.text().then((why) => {
          throw new Error(why || _("This page needs the link the class server printed when it started."));
        });
      }
      if (!answer.ok) throw new Error(_("The class server could not do that."));
      return answer.json();
    });
  }

  function say(text) {
    message.textContent = text;
  }

  function fillSizes() {
    const game = games.find((g) => g.id === gameField.value);
    if (!game) return;
    const keep = sizeField.value;
    sizeField.replaceChildren();
    for (let n = game.min; n <= game.max; n += 1) sizeField.append(new Option(String(n), String(n)));
    sizeField.value = keep && Number(keep) >= game.min && Number(keep) <= game.max ? keep : String(Math.min(game.max, Math.max(game.min, 4)));
    // Settings for the whole class that this game offers (NUCLEO's minute for negotiating).
    optionsBox.replaceChildren(...Object.entries(game.options || {}).map(([name, words]) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.dataset.option = name;
      label.append(box, ` ${words}`);
      return label;
    }));
  }

  function chosenOptions() {
    return Object.fromEntries([...optionsBox.querySelectorAll("input[data-option]")]
      .map((box) => [box.dataset.option, box.checked]));
  }

  function button(text, onClick) {
    const made = document.createElement("button");
    made.type = "button";
    made.textContent = text;
    made.addEventListener("click", onClick);
    return made;
  }

  function act(path, body = {}) {
    return api(path, body).then((reply) => {
      if (reply.error) say(reply.error);
      return live ? undefined : refresh();  // the socket brings the change; without it, ask
    }).catch((error) => say(error.message));
  }

  function seatText(seat, i, table) {
    const away = seat.kind === "human" && seat.away && seat.name ? _(" (away)") : "";
    const turn = table.current === i && table.started && !table.ended ? _(" ← to move") : "";
    const name = seat.name || _("empty seat");  // not inside the template literal: babel reads none
    return `${i + 1}. ${name}${away}${turn}`;
  }

  function tableRow(table, game, others) {
    const row = document.createElement("tr");
    row.dataset.table = String(table.id);
    row.dataset.moves = String(table.moves);
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = _("Table {n}", { n: table.number });
    const players = document.createElement("td");
    const list = document.createElement("ul");
    table.seats.forEach((seat, i) => {
      const item = document.createElement("li");
      item.textContent = seatText(seat, i, table);
      if (!table.started && seat.name) {
        for (const other of others.filter((t) => t.id !== table.id && !t.started && t.seats.some((s) => !s.name))) {
          item.append(" ", button(_("Move {name} to table {n}", { name: seat.name, n: other.number }),
            () => act(`/tables/${table.id}/move-student`, { seat: i, to: other.id })));
        }
      }
      if (seat.kind === "human" && seat.name && table.started && !table.ended) {
        item.append(" ", button(_("Computer plays for {name}", { name: seat.name }), () => act(`/tables/${table.id}/computer`, { seat: i })));
      }
      list.append(item);
    });
    players.append(list);
    const moves = document.createElement("td");
    moves.textContent = String(table.moves);
    const now = document.createElement("td");
    const round = table.round ? _("Round {n}. ", { n: table.round }) : "";
    const scores = table.started ? _(" Scores: {scores}.", { scores: table.scores.join(", ") }) : "";
    now.textContent = table.ended ? _("Over.") + scores : !table.started ? _("Waiting for players")
      : table.paused ? _("Paused.") + scores : round + (table.last || _("Started.")) + scores;
    const actions = document.createElement("td");
    if (table.started) {
      const watch = document.createElement("a");
      watch.dataset.spectate = String(table.id);
      // A projector pass for this table only (the server renews it): the class reads the projector's
      // address bar, so the teacher's key is never in it.
      watch.href = new URL(`play/?watch=${table.id}&game=${encodeURIComponent(game)}&pass=${encodeURIComponent(table.watch)}`
        + (lang === "en" ? "" : `&lang=${lang}`), site).href;
      watch.target = "_blank";
      watch.textContent = _("Table {n} on the projector", { n: table.number });
      actions.append(watch, " ");
    }
    if (!table.started) actions.append(button(_("Start with computers"), () => act(`/tables/${table.id}/start`)));
    else if (!table.ended) {
      actions.append(table.paused ? button(_("Resume"), () => act(`/tables/${table.id}/resume`))
        : button(_("Pause"), () => act(`/tables/${table.id}/pause`)));
      actions.append(" ", button(_("End"), () => act(`/tables/${table.id}/end`)));
    }
    row.append(name, players, moves, now, actions);
    return row;
  }

  function classCard(info, join) {
    const card = document.getElementById("class-template").content.firstElementChild.cloneNode(true);
    card.dataset.class = info.code;
    const game = games.find((g) => g.id === info.game);
    const settings = Object.keys(info.options || {}).map((name) => (game?.options || {})[name]).filter(Boolean);
    card.querySelector("[data-title]").textContent = _("{game}, {size} per table, computers {level}",
      { game: info.title, size: info.size, level: _(LEVELS[info.level] || info.level) })
      + settings.map((words) => `, ${words.replace(/ \(.*\)$/, "").toLowerCase()}`).join("");
    const code = card.querySelector("[data-code]");
    code.textContent = info.code;
    card.querySelector("[data-join]").textContent = join;
    // On the administrator's page each class says whose it is (the server's words, in the page's language).
    if (info.whose) card.querySelector("[data-title]").append(` · ${info.whose}`);
    const qr = new URL("api/teacher/qr.svg", site);
    qr.searchParams.set("key", key);
    qr.searchParams.set("code", info.code);
    card.querySelector("[data-qr]").src = qr.href;
    const suggest = card.querySelector("[data-suggest]");
    suggest.checked = info.suggest;
    suggest.addEventListener("change", () => act(`/classes/${info.code}/suggest`, { on: suggest.checked }));
    card.querySelector("[data-end-class]").addEventListener("click", () => act(`/classes/${info.code}/end`));
    if (info.ended) {  // no one can join it any more, but its tables and report stay to read
      card.classList.add("ended");
      card.querySelector("h2").append(_(" (ended)"));
      card.querySelector(".join-how").hidden = true;
      suggest.closest("label").hidden = true;
      card.querySelector("[data-end-class]").hidden = true;
    }
    card.querySelector("[data-delete-class]").addEventListener("click", () => {
      if (!confirm(_("Delete class {code} and every record of its students?", { code: info.code }))) return;
      reportsShown.delete(info.code);
      act(`/classes/${info.code}/delete`);
    });
    card.querySelector("tbody").append(...info.tables.map((t) => tableRow(t, info.game, info.tables)));
    const csv = card.querySelector("[data-report-csv]");
    // The English column keys, then (on a page in another language) a row of their headers in it.
    csv.href = new URL(`api/teacher/classes/${info.code}/report.csv?key=${encodeURIComponent(key)}`
      + (lang === "en" ? "" : `&lang=${lang}`), site).href;
    card.querySelector("[data-show-report]").addEventListener("click", () => showReport(info.code, card));
    if (!info.tables.length) {
      const row = document.createElement("tr");
      const cell = document.createElement("td");
      cell.colSpan = 5;
      cell.textContent = _("No student has joined yet.");
      row.append(cell);
      card.querySelector("tbody").append(row);
    }
    return card;
  }

  function cell(row, text, tag = "td") {
    const made = document.createElement(tag);
    made.textContent = String(text);
    row.append(made);
    return made;
  }

  const reportsShown = new Set();  // kept open across redraws, and brought up to date with them
  async function showReport(code, card) {
    reportsShown.add(code);
    const box = card.querySelector("[data-report]");
    let report;
    try {
      report = await api(`/classes/${code}/report`);
    } catch (error) {
      say(error.message);
      return;
    }
    if (report.error) {  // the class was deleted meanwhile
      reportsShown.delete(code);
      return;
    }
    const table = document.createElement("table");
    table.className = "report";
    const caption = document.createElement("caption");
    caption.textContent = _("Class {code}: one row per student per game", { code });
    const head = document.createElement("tr");
    // The server's headers in the page's language (the CSV keeps the English keys).
    report.columns.forEach((column, i) => {
      cell(head, report.headers?.[i] || column.replaceAll("_", " "), "th").scope = "col";
    });
    const body = document.createElement("tbody");
    for (const row of report.rows) {
      const line = document.createElement("tr");
      for (const column of report.columns) {
        cell(line, column === "result" ? report.results?.[row.result] || row.result : row[column]);
      }
      body.append(line);
    }
    const thead = document.createElement("thead");
    thead.append(head);
    table.append(caption, thead, body);
    const met = document.createElement("p");
    met.textContent = report.concepts.length
      ? _("Biology the class met (students): {concepts}.",
        { concepts: report.concepts.map(([c, n]) => `${c} (${n})`).join(", ") })
      : _("No move has named a concept yet.");
    const missed = document.createElement("p");
    missed.textContent = report.missed.length
      ? _("Check-yourself questions most often missed: {questions}.",
        { questions: report.missed.map(([l, q, n]) => `${l}: ${q} (${n})`).join("; ") })
      : _("No check-yourself question has been missed yet.");
    box.replaceChildren(met, missed, table);
    box.hidden = false;
  }

  // What the page shows: this teacher's classes (oldest first) and their tables, as the server sent them.
  let classes = new Map();  // code -> the class, without its tables
  let tables = new Map();  // table id -> the table, with its class's code
  let join = "";
  let refused = false;  // a removed teacher's link, or a replaced one: the server will not answer it again

  function whose(teacher) {  // whose page this is: a teacher's own classes, or the administrator's every class
    let line = document.getElementById("teacher-whose");
    if (!line) {
      line = document.createElement("p");
      line.id = "teacher-whose";
      classesBox.before(line);
    }
    line.textContent = teacher.says;  // a name is text
    if (teacher.teachers) showTeachers(teacher, line);
  }

  // A whole state: the socket's first frame, or the API's answer while the socket is down.
  function takeState(state) {
    if (!games.length) {
      games = state.games;
      for (const game of games) gameField.append(new Option(game.title, game.id));
      fillSizes();
    }
    if (state.teacher) whose(state.teacher);
    join = state.join;
    const before = new Set(classes.keys());
    classes = new Map();
    tables = new Map();
    for (const { tables: its, ...info } of state.classes) {
      classes.set(info.code, info);
      for (const table of its) tables.set(table.id, { ...table, class: info.code });
    }
    draw(new Set([...before, ...classes.keys()]));
  }

  // What changed since: classes and tables changed or gone (a class gone takes its tables with it).
  function takeChanges(frame) {
    const touched = new Set();
    for (const code of frame.gone.classes) {
      classes.delete(code);
      touched.add(code);
      for (const [id, table] of tables) if (table.class === code) tables.delete(id);
    }
    for (const id of frame.gone.tables) {
      if (tables.has(id)) touched.add(tables.get(id).class);
      tables.delete(id);
    }
    for (const info of frame.classes) {
      classes.set(info.code, info);
      touched.add(info.code);
    }
    for (const table of frame.tables) {
      tables.set(table.id, table);
      touched.add(table.class);
    }
    if (frame.teacher) whose(frame.teacher);
    draw(touched);
  }

  const cards = new Map();  // class code -> its card on the page
  const cardsDrawn = new Map();  // class code -> what its card was drawn from
  function draw(touched) {
    for (const code of touched) {
      const info = classes.get(code);
      const old = cards.get(code);
      if (!info) {
        old?.remove();
        cards.delete(code);
        cardsDrawn.delete(code);
        reportsShown.delete(code);
        continue;
      }
      const its = [...tables.values()].filter((t) => t.class === code).sort((a, b) => a.number - b.number);
      // Redrawn only when something on it changed, so a button under the teacher's finger stays put.
      const now = JSON.stringify([info, its, join]);
      if (old && cardsDrawn.get(code) === now) continue;
      cardsDrawn.set(code, now);
      const card = classCard({ ...info, tables: its }, join);
      if (old) old.replaceWith(card);
      cards.set(code, card);
      if (reportsShown.has(code)) showReport(code, card);
    }
    // Open classes first, newest first; ended ones after them, for their reports.
    const order = [...classes.values()].reverse();
    const wanted = [...order.filter((c) => !c.ended), ...order.filter((c) => c.ended)].map((c) => cards.get(c.code));
    if (wanted.some((card, i) => classesBox.children[i] !== card) || classesBox.children.length !== wanted.length) {
      classesBox.replaceChildren(...wanted);
    }
    // The newest class's code and report answer to fixed ids (what a test or a bookmarklet finds).
    for (const named of classesBox.querySelectorAll("#join-code, #report-csv")) named.removeAttribute("id");
    if (wanted.length && !classes.get(wanted[0].dataset.class).ended) {
      wanted[0].querySelector("[data-code]").setAttribute("id", "join-code");
    }
    wanted[0]?.querySelector("[data-report-csv]").setAttribute("id", "report-csv");
  }

  // Over HTTP: the first look, and every few seconds while the socket is down.
  async function refresh() {
    try {
      takeState(await api(""));
    } catch (error) {
      say(error.message);
    }
  }

  // The socket: a hello with the key (in the frame, never in an address a log keeps), then the
  // teacher's whole state and the changes. Dropped, it is opened again after 1, 2, 4 … 30 s.
  let live = false;
  let wait = 1000;
  let polling = 0;
  function connect() {
    const address = new URL("ws/teacher", site);
    address.protocol = address.protocol === "https:" ? "wss:" : "ws:";
    let socket;
    try {
      socket = new WebSocket(address.href);
    } catch {
      poll();  // no socket at all (a proxy that refuses them): the page asks over HTTP
      return;
    }
    // A socket that opens and then says nothing (a proxy that takes the upgrade and passes no frame):
    // after 5 s the page asks over HTTP too, until the state arrives.
    let stalled = 0;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", key, lang }));
      stalled = setTimeout(poll, 5000);
    });
    socket.addEventListener("message", (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === "state") {
        clearTimeout(stalled);
        live = true;
        wait = 1000;
        clearInterval(polling);
        polling = 0;
        takeState(frame);
      } else if (frame.type === "changes") {
        takeChanges(frame);
      } else if (frame.type === "refused") {
        refused = true;
        say(frame.message);
        classes = new Map();  // this link's classes are no longer its to see
        tables = new Map();
        draw(new Set(cards.keys()));
      } else if (frame.type === "error") {
        say(frame.message);
      }
    });
    socket.addEventListener("close", () => {
      clearTimeout(stalled);
      live = false;
      if (refused) return;  // the same key would be refused again
      poll();
      setTimeout(connect, wait * (0.75 + Math.random() / 2));  // spread: a restarted server's pages return apart
      wait = Math.min(wait * 2, 30000);
    });
  }

  function poll() {
    if (polling || refused) return;
    refresh();
    polling = setInterval(() => (live || refused ? undefined : refresh()), 5000);
  }

  // The administrator's list of the school's teachers: add one (their link is shown once), remove one.
  // Its words come from the server, in the page's language; names are text.
  let teachersDrawn = "";
  function showTeachers(who, after) {
    let box = document.getElementById("teachers");
    if (!box) {
      box = document.createElement("section");
      box.id = "teachers";
      const heading = document.createElement("h2");
      const list = document.createElement("ul");
      const form = document.createElement("form");
      const name = document.createElement("input");
      const link = document.createElement("p");
      name.maxLength = 60;
      name.required = true;
      const add = document.createElement("button");
      form.append(name, " ", add);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        api("/teachers", { name: name.value }).then((reply) => {
          if (reply.error) return say(reply.error);
          const address = new URL("teacher/", site);
          address.searchParams.set("key", reply.key);
          const shown = document.createElement("input");
          shown.readOnly = true;
          shown.size = 60;
          shown.value = address.href;
          link.replaceChildren(reply.says, document.createElement("br"), shown);
          name.value = "";
          return live ? undefined : refresh();
        }).catch((error) => say(error.message));
      });
      box.append(heading, list, form, link);
      after.after(box);
    }
    const [heading, list, form] = box.children;
    heading.textContent = who.words.heading;
    form.elements[0].placeholder = who.words.name;
    form.elements[0].setAttribute("aria-label", who.words.name);
    form.elements[1].textContent = who.words.add;
    const now = JSON.stringify(who.teachers);
    if (now === teachersDrawn) return;
    teachersDrawn = now;
    list.replaceChildren(...(who.teachers.length ? who.teachers : [null]).map((teacher) => {
      const item = document.createElement("li");
      if (!teacher) {
        item.textContent = who.words.none;
        return item;
      }
      item.append(`${teacher.name} `, button(who.words.remove, () => {
        if (confirm(teacher.confirm)) act(`/teachers/${teacher.id}/remove`);
      }));
      return item;
    }));
  }

  // A key seen by someone else (on a shared screen, say) is replaced: the old link stops working.
  document.getElementById("change-key").addEventListener("click", () => {
    if (!confirm(_("Make a new teacher's link? The old link, and every projector opened with it, stop working."))) return;
    api("/key", {}).then((reply) => {
      const next = new URL(location.href);
      next.searchParams.set("key", reply.key);
      location.replace(next.href);
    }).catch((error) => say(error.message));
  });

  gameField.addEventListener("change", fillSizes);
  document.getElementById("class-form").addEventListener("submit", (event) => {
    event.preventDefault();
    api("/classes", { game: gameField.value, size: Number(sizeField.value), level: document.getElementById("class-level").value,
                      options: chosenOptions() })
      .then((reply) => {
        say(reply.error || _("Class created: the join code is {code}.", { code: reply.code }));
        return live ? undefined : refresh();
      })
      .catch((error) => say(error.message));
  });

  (async () => {
    const words = await import(new URL("static/js/translate.mjs", site).href);
    lang = words.pageLanguage();
    _ = await words.translator();
    connect();
  })();
}
