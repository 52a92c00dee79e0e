// The teacher page: start a class, show its join code, and follow every table live. Everything it
// shows comes from the class server's API, which refuses any request without the teacher's key.
// A block of its own: every classic script on a page shares one top-level scope.
{
  const site = new URL("../../", document.currentScript.src);
  const key = new URLSearchParams(location.search).get("key") || "";
  const message = document.getElementById("teacher-message");
  const gameField = document.getElementById("class-game");
  const sizeField = document.getElementById("class-size");
  const classesBox = document.getElementById("classes");
  const LEVELS = { random: "beginner", greedy: "good", search: "strong" };
  let games = [];

  function api(path, body) {
    const url = new URL(`api/teacher${path}`, site);
    url.searchParams.set("key", key);
    const options = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    return fetch(url, { cache: "no-store", ...options }).then((answer) => {
      if (answer.status === 403) throw new Error("This page needs the link the class server printed when it started.");
      if (!answer.ok) throw new Error("The class server could not do that.");
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
      return refresh();
    }).catch((error) => say(error.message));
  }

  function seatText(seat, i, table) {
    const away = seat.kind === "human" && seat.away && seat.name ? " (away)" : "";
    const turn = table.current === i && table.started && !table.ended ? " ← to move" : "";
    return `${i + 1}. ${seat.name || "empty seat"}${away}${turn}`;
  }

  function tableRow(table) {
    const row = document.createElement("tr");
    row.dataset.table = String(table.id);
    row.dataset.moves = String(table.moves);
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = `Table ${table.number}`;
    const players = document.createElement("td");
    const list = document.createElement("ul");
    table.seats.forEach((seat, i) => {
      const item = document.createElement("li");
      item.textContent = seatText(seat, i, table);
      if (seat.kind === "human" && seat.name && table.started && !table.ended) {
        item.append(" ", button(`Computer plays for ${seat.name}`, () => act(`/tables/${table.id}/computer`, { seat: i })));
      }
      list.append(item);
    });
    players.append(list);
    const moves = document.createElement("td");
    moves.textContent = String(table.moves);
    const now = document.createElement("td");
    now.textContent = table.ended ? `Over. Scores: ${table.scores.join(", ")}` :
      !table.started ? "Waiting for players" : table.paused ? "Paused" : (table.last || "Started");
    const actions = document.createElement("td");
    if (!table.started) actions.append(button("Start with computers", () => act(`/tables/${table.id}/start`)));
    else if (!table.ended) {
      actions.append(table.paused ? button("Resume", () => act(`/tables/${table.id}/resume`))
        : button("Pause", () => act(`/tables/${table.id}/pause`)));
      actions.append(" ", button("End", () => act(`/tables/${table.id}/end`)));
    }
    row.append(name, players, moves, now, actions);
    return row;
  }

  function classCard(info, join) {
    const card = document.getElementById("class-template").content.firstElementChild.cloneNode(true);
    card.dataset.class = info.code;
    card.querySelector("[data-title]").textContent = `${info.title}, ${info.size} per table, computers ${LEVELS[info.level]}`;
    const code = card.querySelector("[data-code]");
    code.textContent = info.code;
    if (!document.getElementById("join-code")) code.id = "join-code";
    card.querySelector("[data-join]").textContent = join;
    const qr = new URL("api/teacher/qr.svg", site);
    qr.searchParams.set("key", key);
    qr.searchParams.set("code", info.code);
    card.querySelector("[data-qr]").src = qr.href;
    const suggest = card.querySelector("[data-suggest]");
    suggest.checked = info.suggest;
    suggest.addEventListener("change", () => act(`/classes/${info.code}/suggest`, { on: suggest.checked }));
    card.querySelector("[data-end-class]").addEventListener("click", () => act(`/classes/${info.code}/end`));
    card.querySelector("[data-delete-class]").addEventListener("click", () => {
      if (confirm(`Delete class ${info.code} and every record of its students?`)) act(`/classes/${info.code}/delete`);
    });
    card.querySelector("tbody").append(...info.tables.map(tableRow));
    if (!info.tables.length) {
      const row = document.createElement("tr");
      const cell = document.createElement("td");
      cell.colSpan = 5;
      cell.textContent = "No student has joined yet.";
      row.append(cell);
      card.querySelector("tbody").append(row);
    }
    return card;
  }

  let drawn = "";
  async function refresh() {
    let state;
    try {
      state = await api("");
    } catch (error) {
      say(error.message);
      return;
    }
    if (!games.length) {
      games = state.games;
      for (const game of games) gameField.append(new Option(game.title, game.id));
      fillSizes();
    }
    // Redrawn only when something changed, so a button under the teacher's finger stays put.
    const now = JSON.stringify(state.classes);
    if (now === drawn) return;
    drawn = now;
    const open = state.classes.filter((c) => !c.ended).reverse();
    classesBox.replaceChildren(...open.map((info) => classCard(info, state.join)));
  }

  gameField.addEventListener("change", fillSizes);
  document.getElementById("class-form").addEventListener("submit", (event) => {
    event.preventDefault();
    api("/classes", { game: gameField.value, size: Number(sizeField.value), level: document.getElementById("class-level").value })
      .then((reply) => {
        say(reply.error || `Class created: the join code is ${reply.code}.`);
        return refresh();
      })
      .catch((error) => say(error.message));
  });

  refresh();
  setInterval(refresh, 2000);
}
