"""What every app's pages and services share that knows no game and no list (docs/architecture.md, "The
layers"): asking first before an action that cannot be undone (`confirm`), and a free address (`slugs`).

It stands on Django alone, just above `armylists.ops`, so that every app (the game library's included) may
use it; it is not an installed app (its page, `templates/confirm.html`, is the project's).
"""
