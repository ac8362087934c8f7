// Muster's one script of its own, beside htmx. The Content Security Policy allows no
// inline script or event handler attribute, so behaviour is attached here by data attributes.

// <button data-copy-from="ID"> copies the value of the element with that id to the clipboard.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-copy-from]");
  if (!button) return;
  const source = document.getElementById(button.dataset.copyFrom);
  navigator.clipboard.writeText(source.value).then(() => { button.textContent = "Copied"; });
});

// An htmx request the server refused or failed, or that got no answer: htmx swaps nothing, so say so.
function showRequestProblem(text) {
  let notice = document.getElementById("request-problem");
  if (!notice) {
    notice = document.createElement("p");
    notice.id = "request-problem";
    notice.className = "notice error";
    notice.setAttribute("role", "alert");
    document.querySelector("main").prepend(notice);
  }
  notice.textContent = text;
}

// A refusal or failure gives the request's reference (X-Request-ID), which the server's log carries too.
document.addEventListener("htmx:responseError", (event) => {
  const xhr = event.detail.xhr;
  const reference = xhr.getResponseHeader("X-Request-ID");
  showRequestProblem(`That did not work (error ${xhr.status}${reference ? `, reference ${reference}` : ""}). `
    + "Reload the page and try again.");
});

// No answer at all (the connection dropped or timed out): the change may or may not have been saved.
// On the builder page trying again is safe: an edit that was saved already is not made twice.
for (const name of ["htmx:sendError", "htmx:timeout"]) {
  document.addEventListener(name, () => {
    showRequestProblem("No answer from the server (the connection may have dropped). Try again.");
  });
}

// The next request that gets an answer takes the notice away.
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.successful) document.getElementById("request-problem")?.remove();
});
