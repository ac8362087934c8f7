// Drafts: a form marked data-draft="<key>" (the key names the form, its user and what it is for) is kept in
// this browser as it is typed (localStorage), put back after a reload or a lost connection, and forgotten once
// it has been sent and the server said it was done (a success message), or when its "Clear" is pressed.
// Nothing leaves the browser (docs/architecture.md, "Drafts of half-filled forms").
(() => {
  "use strict";
  const PREFIX = "muster-draft:";
  const KEPT_DAYS = 7; // a draft older than this is forgotten: the game it was for is long over

  const storage = (() => {
    try {
      const probe = PREFIX + "probe";
      localStorage.setItem(probe, "1");
      localStorage.removeItem(probe);
      return localStorage;
    } catch {
      return null; // storage refused (a private window, a full disk): forms work as before, without drafts
    }
  })();
  if (!storage) return;

  const checkable = (field) => field.type === "checkbox" || field.type === "radio";
  const skipped = new Set(["hidden", "submit", "button", "reset", "file", "password", "image"]);

  function fields(form) {
    return [...form.elements].filter((f) => f.name && !f.name.startsWith("_") && f.name !== "csrfmiddlewaretoken"
      && f.tagName !== "BUTTON" && !skipped.has(f.type));
  }

  // Each field by a name of its own: a box by its name and value, others by their name and place among those
  // of that name, so a draft is put back field by field.
  function values(form) {
    const seen = {};
    const found = {};
    for (const field of fields(form)) {
      if (checkable(field)) {
        found[`${field.name}=${field.value}`] = field.checked;
      } else {
        const place = (seen[field.name] = (seen[field.name] ?? -1) + 1);
        found[`${field.name}#${place}`] = field.multiple
          ? [...field.selectedOptions].map((o) => o.value) : field.value;
      }
    }
    return found;
  }

  function restore(form, saved) {
    const seen = {};
    for (const field of fields(form)) {
      if (field.disabled) continue;
      if (checkable(field)) {
        const key = `${field.name}=${field.value}`;
        if (key in saved) field.checked = saved[key];
      } else {
        const place = (seen[field.name] = (seen[field.name] ?? -1) + 1);
        const key = `${field.name}#${place}`;
        if (!(key in saved)) continue;
        if (field.multiple) [...field.options].forEach((o) => { o.selected = saved[key].includes(o.value); });
        else field.value = saved[key];
      }
    }
  }

  function read(key) {
    try {
      return JSON.parse(storage.getItem(PREFIX + key));
    } catch {
      return null;
    }
  }

  function write(key, draft) {
    try {
      storage.setItem(PREFIX + key, JSON.stringify(draft));
    } catch {
      // full: the form still works, only this draft is not kept
    }
  }

  function save(form, sent = false) {
    write(form.dataset.draft, { at: Date.now(), sent, values: values(form) });
  }

  function forget(key) {
    storage.removeItem(PREFIX + key);
  }

  // Whether the page says the server did what was sent (Django's success message, templates/base.html).
  const done = () => document.querySelector(".messages .success") !== null;

  // The server said a sent form was done: every draft that was sent goes. Old drafts go too.
  function tidy() {
    const oldest = Date.now() - KEPT_DAYS * 24 * 3600 * 1000;
    for (const name of Object.keys(storage)) {
      if (!name.startsWith(PREFIX)) continue;
      const draft = read(name.slice(PREFIX.length));
      if (!draft || draft.at < oldest || (draft.sent && done())) storage.removeItem(name);
    }
  }

  function note(form) {
    const said = document.createElement("p");
    said.className = "draft-note";
    said.dataset.testid = "draft-restored";
    said.textContent = "What you typed here before is back (kept in this browser until it is sent). ";
    const clear = document.createElement("button");
    clear.type = "button";
    clear.className = "small";
    clear.dataset.testid = "draft-clear";
    clear.textContent = "Clear";
    clear.addEventListener("click", () => {
      form.reset();
      said.remove();
      form.dispatchEvent(new Event("change", { bubbles: true })); // a form's live summary (htmx) catches up
      forget(form.dataset.draft); // after that change, which kept the emptied form as a draft
    });
    said.append(clear);
    form.prepend(said);
  }

  function bringBack(root) {
    for (const form of root.querySelectorAll("form[data-draft]")) {
      if (form.dataset.draftRestored) continue;
      form.dataset.draftRestored = "yes";
      const draft = read(form.dataset.draft);
      if (!draft) continue;
      if (draft.sent && done()) { forget(form.dataset.draft); continue; }
      restore(form, draft.values);
      note(form);
      // A form's live summary (htmx) catches up; the change keeps the draft, no longer marked sent (it was
      // refused, or never arrived).
      form.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  const drafted = (event) => event.target.closest && event.target.closest("form[data-draft]");
  document.addEventListener("input", (event) => { const form = drafted(event); if (form) save(form); });
  document.addEventListener("change", (event) => { const form = drafted(event); if (form) save(form); });
  document.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-draft]");
    if (form) save(form, true);
  });
  // The form is put back whenever a page is shown, from the network or from the back-forward cache.
  window.addEventListener("pageshow", () => { tidy(); bringBack(document); });
  document.addEventListener("htmx:load", (event) => bringBack(event.detail.elt));
})();
