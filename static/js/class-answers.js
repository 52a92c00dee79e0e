// A check-yourself answer on a lesson page goes to the class report when this device has a seat in
// a class (join.js keeps it); otherwise it stays in this browser, as on any static host.
{
  const site = new URL("../../", document.currentScript.src);
  document.addEventListener("biocards:answer", (event) => {
    let seat = null;
    try {
      seat = JSON.parse(localStorage.getItem("biocards:class-seat") || "null");
    } catch {
      return;
    }
    if (!seat?.token) return;
    const { lesson, question, right } = event.detail;
    fetch(new URL("api/answer", site), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: seat.token, lesson, question, right,
        of: document.querySelectorAll("[data-question]").length }),
    }).catch(() => {});  // the class server is out of reach: the answer still counts on this page
  });
}
