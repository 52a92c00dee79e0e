// The join page: a class code and a first name give this device a seat at a class table. The seat
// token stays in this browser (localStorage), so a reload or a sleeping Chromebook finds the seat.
// A block of its own: every classic script on a page shares one top-level scope.
{
  const site = new URL("../../", document.currentScript.src);
  const form = document.getElementById("join-form");
  const message = document.getElementById("join-message");
  const SEAT_KEY = "biocards:class-seat";
  let _ = (text) => text;  // the page's language once its catalog is read (translate.mjs)
  let lang = "en";

  function say(text) {
    message.textContent = text;
  }

  function tableUrl(seat) {
    return new URL(`play/?class=${encodeURIComponent(seat.code)}`, site).href;
  }

  async function classServer() {
    try {
      const answer = await fetch(new URL("class-server.json", site), { cache: "no-store" });
      return answer.ok && (await answer.json()).server === true;
    } catch {
      return false;
    }
  }

  (async () => {
    const words = await import(new URL("static/js/translate.mjs", site).href);
    lang = words.pageLanguage();
    _ = await words.translator();
    const code = new URLSearchParams(location.search).get("code");
    if (code) form.elements.code.value = code;
    if (!(await classServer())) {
      say(_("Joining a class needs your teacher's class server: open the address your teacher gives you."));
      for (const field of form.elements) field.disabled = true;
      return;
    }
    let seat = null;
    try {
      seat = JSON.parse(localStorage.getItem(SEAT_KEY) || "null");
    } catch {
      seat = null;
    }
    if (seat?.code) {
      const back = document.getElementById("rejoin");
      document.getElementById("rejoin-link").href = tableUrl(seat);
      back.hidden = false;
    }
  })();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = document.getElementById("join");
    button.disabled = true;
    say(_("Joining…"));
    try {
      // The server answers a refusal (a wrong code, a name taken by a computer) in the page's language.
      const answer = await fetch(new URL(`api/join?lang=${lang}`, site), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: form.elements.code.value.trim().toUpperCase(), name: form.elements.name.value }),
      });
      const reply = await answer.json();
      if (!answer.ok || reply.error) {
        say(reply.error || _("That did not work: try again."));
        return;
      }
      const seat = { code: form.elements.code.value.trim().toUpperCase(), token: reply.token, game: reply.game };
      localStorage.setItem(SEAT_KEY, JSON.stringify(seat));
      location.href = tableUrl(seat);
    } catch {
      say(_("The class server did not answer: check the Wi-Fi and try again."));
    } finally {
      button.disabled = false;
    }
  });
}
