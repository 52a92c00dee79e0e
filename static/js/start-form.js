// The landing page's Play forms (a file, not an inline script: pages run under a strict CSP).
// Turn the seat pickers into the play URL's seats=… parameter (empty seats are left out).
const OPTIONAL = "input[name=seed], select[name=opt-first_player], select[name=bell]";
for (const form of document.querySelectorAll("form.start")) {
  form.addEventListener("submit", () => {
    const seats = [...form.querySelectorAll("select[data-seat]")].map((s) => s.value).filter(Boolean);
    form.querySelector("input[name=seats]").value = seats.join(",");
    // Fewer seats than the printed minimum plays the game's marked variant (where it has one).
    const variant = form.querySelector("input[name=opt-variant]");
    if (variant) variant.disabled = seats.length >= Number(form.dataset.min);
    // An empty deal number is left out of the link, so the play page deals a fresh game; a first
    // player left "drawn" is left out too, so the game draws one by its own rules, and a game
    // with no bell has no bell= in its link.
    for (const optional of form.querySelectorAll(OPTIONAL)) {
      optional.disabled = optional.value === "";
    }
    // A first player beyond the seats taken would name nobody: the game draws one instead.
    const first = form.querySelector("select[name=opt-first_player]");
    if (first && !first.disabled && Number(first.value) >= seats.length) first.disabled = true;
  });
}
// Coming back with the browser's Back button must find these fields usable again.
addEventListener("pageshow", () => document.querySelectorAll(OPTIONAL).forEach((field) => { field.disabled = false; }));
