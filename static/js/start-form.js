// The landing page's Play forms (a file, not an inline script: pages run under a strict CSP).
// Turn the seat pickers into the play URL's seats=… parameter (empty seats are left out).
for (const form of document.querySelectorAll("form.start")) {
  form.addEventListener("submit", () => {
    const seats = [...form.querySelectorAll("select[data-seat]")].map((s) => s.value).filter(Boolean);
    form.querySelector("input[name=seats]").value = seats.join(",");
    // Fewer seats than the printed minimum plays the game's marked variant (where it has one).
    const variant = form.querySelector("input[name=opt-variant]");
    if (variant) variant.disabled = seats.length >= Number(form.dataset.min);
    // An empty deal number is left out of the link, so the play page deals a fresh game.
    const seed = form.querySelector("input[name=seed]");
    seed.disabled = seed.value === "";
  });
}
// Coming back with the browser's Back button must find the deal number usable again.
addEventListener("pageshow", () => document.querySelectorAll("input[name=seed]").forEach((s) => { s.disabled = false; }));
