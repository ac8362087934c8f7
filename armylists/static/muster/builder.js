// The builder page's behaviour beside htmx (the Content Security Policy allows no inline script):
// on a phone the unit picker opens as a panel over the list; after an add the new entry is shown
// and highlighted; a special rule's explanation (a popover, opened by tap or Enter) opens on hover too.
(() => {
  const panelIsOverlay = () => window.matchMedia("(max-width: 720px)").matches;

  function openPicker() {
    document.body.classList.add("picker-open");
    const search = document.getElementById("unit-search");
    if (search) search.focus();
  }

  function closePicker() {
    document.body.classList.remove("picker-open");
    const opener = document.querySelector(".open-picker");
    if (opener && panelIsOverlay()) opener.focus();
  }

  document.addEventListener("click", (event) => {
    if (event.target.closest("[data-open-picker]")) {
      event.preventDefault();
      openPicker();
    } else if (event.target.closest("[data-close-picker]")) {
      event.preventDefault();
      closePicker();
    }
  });

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.body.classList.contains("picker-open")) closePicker();
  });

  // An add answers with the new entry marked "just-added": close the panel, show it, highlight it.
  document.addEventListener("htmx:afterSettle", () => {
    const added = document.querySelector(".entry.just-added");
    if (!added) return;
    added.classList.replace("just-added", "highlight");
    if (panelIsOverlay() && document.body.classList.contains("picker-open")) {
      document.body.classList.remove("picker-open");
      added.setAttribute("tabindex", "-1");
      added.focus({ preventScroll: true });
    }
    added.scrollIntoView({ block: "nearest" });
  });

  // Hovering a rule opens its explanation; leaving closes it, unless it was clicked meanwhile.
  const popoverOf = (button) => document.getElementById(button.getAttribute("popovertarget"));
  document.addEventListener("mouseover", (event) => {
    const button = event.target.closest("button[popovertarget]");
    const popover = button && popoverOf(button);
    if (!popover || popover.matches(":popover-open")) return;
    popover.showPopover();
    popover.dataset.hovered = "yes";
    button.addEventListener("mouseleave", () => {
      if (popover.dataset.hovered === "yes") popover.hidePopover();
      delete popover.dataset.hovered;
    }, { once: true });
  });
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[popovertarget]");
    const popover = button && popoverOf(button);
    if (popover && popover.dataset.hovered === "yes") {
      delete popover.dataset.hovered; // keep it open: it was hovered, then clicked
      event.preventDefault();
    }
  });
})();

// A link to a closed panel (My lists' "Rename" goes to #list-settings) opens it.
document.addEventListener("DOMContentLoaded", () => {
  const target = window.location.hash && document.getElementById(window.location.hash.slice(1));
  if (target && target.tagName === "DETAILS") target.open = true;
});

// An entry's edit panel fetches its form when it opens (hx-trigger="entry-edit-open" in
// _entry.html): htmx's own event filter, toggle[this.open], is evaluated from a string,
// which the Content Security Policy refuses. "toggle" does not bubble: caught on its way down.
document.addEventListener("toggle", (event) => {
  const panel = event.target;
  if (panel instanceof HTMLDetailsElement && panel.matches(".entry-edit") && panel.open) {
    htmx.trigger(panel, "entry-edit-open");
  }
}, true);

// A retried edit is not made twice (docs/architecture.md, "One edit, one way"). Every edit posts a random key in the
// X-Edit-Key header; the server records it with the version the edit saved, and an edit whose key
// it has seen is answered with the list as it is, not applied again. The key stays with its element
// while the edit has had no answer (status 0: the connection dropped or timed out), and the same
// element posting the same thing again reuses it: a tap again after a timeout is recognised if the
// first one had landed. Any answer drops the key, so a second tap afterwards is a second edit.
(() => {
  const unanswered = new WeakMap(); // element -> { key, body } of its edit that got no answer

  // randomUUID exists only in a secure context (https or localhost), not on plain http on a LAN.
  function newKey() {
    if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  document.addEventListener("htmx:configRequest", (event) => {
    const request = event.detail;
    if (request.verb !== "post") return;
    const body = `${request.path}?${new URLSearchParams(request.formData)}`;
    const last = unanswered.get(request.elt);
    const key = last && last.body === body ? last.key : newKey();
    unanswered.set(request.elt, { key, body });
    request.headers["X-Edit-Key"] = key;
  });

  document.addEventListener("htmx:afterRequest", (event) => {
    const { xhr, requestConfig } = event.detail;
    if (requestConfig && xhr.status !== 0) unanswered.delete(requestConfig.elt);
  });
})();
