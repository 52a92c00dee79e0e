// "Check yourself" questions at the end of a lesson page (a file, not an inline script: strict CSP).
// Answers stay on this device (localStorage). Each checked answer is also announced on `document`
// as a `biocards:answer` CustomEvent ({lesson, question, right}) for a class page to pick up.
const STORE = "biocards:answers";
const section = document.querySelector(".check-yourself[data-lesson]");
const translateModule = new URL("translate.mjs", document.currentScript.src).href;
let _ = (text) => text; // the page's language once its catalog is read (translate.mjs)

function loadAnswers() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) || {};
  } catch {
    return {}; // storage blocked or damaged: the questions still work, they are just not kept
  }
}

function saveAnswer(lesson, question, record) {
  const all = loadAnswers();
  all[lesson] = { ...(all[lesson] || {}), [question]: record };
  try {
    localStorage.setItem(STORE, JSON.stringify(all));
  } catch {
    /* private mode or full: nothing to keep */
  }
}

// Each device shows every question's choices in its own order, so a class cannot learn "it's the
// first one" from each other: one random seed per device, kept in localStorage so a reload shows the
// same order, mixed with the lesson and question ids. A choice keeps its value (its place in the
// lesson file), so answers, feedback and the class page are the same whatever order it is shown in.
const SEED_STORE = "biocards:choice-seed";

function deviceSeed() {
  try {
    const kept = Number.parseInt(localStorage.getItem(SEED_STORE), 10);
    if (Number.isInteger(kept) && kept >= 0) return kept;
  } catch {
    /* storage blocked: a new order each visit */
  }
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  try {
    localStorage.setItem(SEED_STORE, String(seed));
  } catch {
    /* nothing to keep */
  }
  return seed;
}

// FNV-1a: a 32-bit number from a string, to seed each question's order.
function hash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0), 0x01000193) >>> 0;
  return h;
}

// mulberry32: a small seeded generator, numbers in [0, 1).
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(items, random) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// Put a question's choices (or order items) in this device's order. An order question is never
// shown already in its right order: that would give the answer away.
function shuffleChoices(item, seed) {
  const random = generator(hash(`${seed}/${section.dataset.lesson}/${item.dataset.question}`));
  if (item.dataset.kind === "choice") {
    const labels = [...item.querySelectorAll("label.choice")];
    const parent = labels[0].parentElement;
    const after = labels[labels.length - 1].nextSibling;
    for (const label of shuffled(labels, random)) parent.insertBefore(label, after);
  } else {
    const list = item.querySelector(".order-list");
    let order = shuffled([...list.children], random);
    if (order.every((li, i) => Number(li.dataset.rank) === i)) order = [...order.slice(1), order[0]];
    list.append(...order);
  }
}

// The order list as it stands: each item's right place (data-rank), top first.
const currentOrder = (form) => [...form.querySelectorAll(".order-list > li")].map((li) => Number(li.dataset.rank));

function setMoveButtons(list) {
  const items = [...list.children];
  items.forEach((li, i) => {
    li.querySelector(".move-up").disabled = i === 0;
    li.querySelector(".move-down").disabled = i === items.length - 1;
  });
}

function move(li, step) {
  const list = li.parentElement;
  if (step < 0 && li.previousElementSibling) list.insertBefore(li, li.previousElementSibling);
  if (step > 0 && li.nextElementSibling) list.insertBefore(li.nextElementSibling, li);
  setMoveButtons(list);
  // Keep the keyboard on the item that moved; at the top or bottom its button is disabled,
  // so focus goes to the other one.
  const same = li.querySelector(step < 0 ? ".move-up" : ".move-down");
  (same.disabled ? li.querySelector(step < 0 ? ".move-down" : ".move-up") : same).focus();
}

// Feedback: right or not, the right answer when it was missed, then the explanation and its link.
function showFeedback(item, right, chosenText) {
  const form = item.querySelector("form");
  const feedback = form.querySelector(".feedback");
  const verdict = document.createElement("p");
  const strong = document.createElement("strong");
  strong.textContent = right ? _("Right.") : _("Not quite.");
  verdict.append(strong);
  if (!right) {
    if (item.dataset.kind === "choice") {
      const answer = form.querySelector("input[data-right]").closest("label").textContent.trim();
      verdict.append(" ", _("You chose “{chosen}”. The answer is “{answer}”.", { chosen: chosenText, answer }));
    } else {
      const texts = [...form.querySelectorAll(".order-list > li")]
        .sort((a, b) => a.dataset.rank - b.dataset.rank)
        .map((li, i) => `${i + 1}. ${li.querySelector(".order-text").textContent}`);
      verdict.append(" ", _("The right order is: {order}.", { order: texts.join("; ") }));
    }
  }
  const explain = document.createElement("p");
  explain.append(...[...form.querySelector(".explain").childNodes].map((n) => n.cloneNode(true)));
  feedback.replaceChildren(verdict, explain);
  item.classList.toggle("answered-right", right);
  item.classList.toggle("answered-wrong", !right);
}

function check(item, { announce }) {
  const form = item.querySelector("form");
  let right, chosen, chosenText;
  if (item.dataset.kind === "choice") {
    const picked = form.querySelector("input[type=radio]:checked");
    if (!picked) {
      form.querySelector(".feedback").textContent = _("Choose an answer first.");
      return;
    }
    right = picked.hasAttribute("data-right");
    chosen = Number(picked.value);
    chosenText = picked.closest("label").textContent.trim();
  } else {
    chosen = currentOrder(form);
    right = chosen.every((rank, i) => rank === i);
  }
  showFeedback(item, right, chosenText);
  if (!announce) return;
  const lesson = section.dataset.lesson;
  const question = item.dataset.question;
  const before = (loadAnswers()[lesson] || {})[question];
  saveAnswer(lesson, question, {
    right,
    answer: chosen,
    tries: (before?.tries || 0) + 1,
    firstRight: before ? before.firstRight : right,
  });
  document.dispatchEvent(new CustomEvent("biocards:answer", { detail: { lesson, question, right } }));
}

// Put back an earlier answer from this device, with its feedback, without announcing it again.
function restore(item, saved) {
  const form = item.querySelector("form");
  if (item.dataset.kind === "choice") {
    const input = form.querySelector(`input[value="${Number(saved.answer)}"]`);
    if (!input) return;
    input.checked = true;
  } else {
    const list = form.querySelector(".order-list");
    const byRank = new Map([...list.children].map((li) => [Number(li.dataset.rank), li]));
    if (!Array.isArray(saved.answer) || saved.answer.length !== byRank.size) return;
    if (!saved.answer.every((rank) => byRank.has(rank))) return;
    saved.answer.forEach((rank) => list.append(byRank.get(rank)));
    setMoveButtons(list);
  }
  check(item, { announce: false });
}

if (section) {
  const saved = loadAnswers()[section.dataset.lesson] || {};
  const seed = deviceSeed();
  const items = [...section.querySelectorAll("[data-question]")];
  for (const item of items) {
    shuffleChoices(item, seed);
    const form = item.querySelector("form");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      check(item, { announce: true });
    });
    const list = form.querySelector(".order-list");
    if (list) {
      setMoveButtons(list);
      list.addEventListener("click", (event) => {
        const button = event.target.closest("button");
        if (!button || button.disabled) return;
        move(button.closest("li"), button.classList.contains("move-up") ? -1 : 1);
      });
    }
  }
  // Earlier answers come back with their feedback in the page's language, once its catalog is read.
  import(translateModule).then((words) => words.translator()).then((translate) => {
    _ = translate;
  }).finally(() => {
    for (const item of items) if (saved[item.dataset.question]) restore(item, saved[item.dataset.question]);
  });
}
