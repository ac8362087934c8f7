// Muster's one script of its own, beside htmx. The Content Security Policy allows no
// inline script or event handler attribute, so behaviour is attached here by data attributes.

// <button data-copy-from="ID"> copies the value of the element with that id to the clipboard.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-copy-from]");
  if (!button) return;
  const source = document.getElementById(button.dataset.copyFrom);
  navigator.clipboard.writeText(source.value).then(() => { button.textContent = "Copied"; });
});

// An htmx request the server refused or failed: htmx swaps nothing, so say so, with the
// request's reference (X-Request-ID), which the server's log carries too.
document.addEventListener("htmx:responseError", (event) => {
  const xhr = event.detail.xhr;
  const reference = xhr.getResponseHeader("X-Request-ID");
  let notice = document.getElementById("request-problem");
  if (!notice) {
    notice = document.createElement("p");
    notice.id = "request-problem";
    notice.className = "notice error";
    notice.setAttribute("role", "alert");
    document.querySelector("main").prepend(notice);
  }
  notice.textContent = `That did not work (error ${xhr.status}${reference ? `, reference ${reference}` : ""}). `
    + "Reload the page and try again.";
});
