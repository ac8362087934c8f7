"""Does a page fit the screen? Every control (link, button, field, summary) lies within the viewport's
right edge, with every <details> opened first; a table that scrolls sideways hides its controls past
that edge, so it does not fit. At phone widths every control of the page's content is also at least
44 by 44 px (a box or radio counts by its label, the part a finger presses)."""
from __future__ import annotations

# The widths the pages are tried at, declared once for every browser test: a phone's and a desktop's.
PHONE, DESKTOP = 375, 1280
WIDTHS = (DESKTOP, PHONE)

TOUCH = 44

CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary"

OPEN_EVERY_DETAILS = "() => document.querySelectorAll('details').forEach(d => { d.open = true; })"

PAST_THE_EDGE = """(selector) => {
    const edge = document.documentElement.clientWidth;
    const name = e => e.tagName.toLowerCase() + (e.name ? `[name=${e.name}]` : '')
        + ` "${(e.innerText || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
    return [...document.querySelectorAll(selector)]
        .map(e => [e, e.getBoundingClientRect()])
        .filter(([e, box]) => box.width > 0 && box.height > 0 && box.right > edge + 0.5)
        .map(([e, box]) => `${name(e)} ends at ${Math.round(box.right)} px`);
}"""

TOO_SMALL = """([selector, touch]) => {
    // Links inside running text (a sentence, a list item, a heading) are exempt, as WCAG's inline rule has it.
    const inline = e => e.tagName === 'A' && !e.classList.contains('button') && e.closest('p, li, h1, h2, h3, legend');
    const target = e => (e.type === 'checkbox' || e.type === 'radio') ? (e.closest('label') || e) : e;
    const name = e => e.tagName.toLowerCase() + (e.name ? `[name=${e.name}]` : '')
        + ` "${(e.innerText || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
    return [...document.querySelectorAll('main ' + selector.split(', ').join(', main '))]
        .filter(e => !inline(e))
        .map(e => [e, target(e).getBoundingClientRect()])
        .filter(([e, box]) => box.width > 0 && (box.width < touch - 0.5 || box.height < touch - 0.5))
        .map(([e, box]) => `${name(e)} is ${Math.round(box.width)}x${Math.round(box.height)} px`);
}"""


def assert_controls_fit(page, where: str) -> None:
    """No control past the right edge (every <details> open); at 375 px, none smaller than 44x44 px."""
    page.evaluate(OPEN_EVERY_DETAILS)
    past = page.evaluate(PAST_THE_EDGE, CONTROLS)
    assert past == [], f"{where} at {page.viewport_size['width']} px: controls past the right edge: {past}"
    if page.viewport_size["width"] <= 400:
        small = page.evaluate(TOO_SMALL, [CONTROLS, TOUCH])
        assert small == [], f"{where} at {page.viewport_size['width']} px: controls under 44x44 px: {small}"
