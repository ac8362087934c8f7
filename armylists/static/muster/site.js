// Muster's one script of its own, beside htmx. The Content Security Policy allows no
// inline script or event handler attribute, so behaviour is attached here by data attributes.

// <button data-copy-from="ID"> copies the value of the element with that id to the clipboard.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-copy-from]");
  if (!button) return;
  const source = document.getElementById(button.dataset.copyFrom);
  navigator.clipboard.writeText(source.value).then(() => { button.textContent = "Copied"; });
});
