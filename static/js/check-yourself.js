// "Check yourself" questions at the end of a lesson page (a file, not an inline script: strict CSP).
// Answers stay on this device (localStorage). Each checked answer is also announced on `document`
// as a `biocards:answer` CustomEvent ({lesson, question, right}) for a class page to pick up.
const STORE = "biocards:answers";
const section = document.querySelector(".check-yourself[data-lesson]");

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
  strong.textContent = right ? "Right." : "Not quite.";
  verdict.append(strong);
  if (!right) {
    if (item.dataset.kind === "choice") {
      const answer = form.querySelector("input[data-right]").closest("label").textContent.trim();
      verdict.append(` You chose “${chosenText}”. The answer is “${answer}”.`);
    } else {
      const texts = [...form.querySelectorAll(".order-list > li")]
        .sort((a, b) => a.dataset.rank - b.dataset.rank)
        .map((li, i) => `${i + 1}. ${li.querySelector(".order-text").textContent}`);
      verdict.append(` The right order is: ${texts.join("; ")}.`);
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
      form.querySelector(".feedback").textContent = "Choose an answer first.";
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
  for (const item of section.querySelectorAll("[data-question]")) {
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
    if (saved[item.dataset.question]) restore(item, saved[item.dataset.question]);
  }
}
