"""What every app's pages and services share that knows no game and no list (docs/architecture.md, "The
layers"): asking first before an action that cannot be undone (`confirm`), a free address (`slugs`), and a
small cache in each process for content many read at once (`near`).

It stands on Django alone, just above `armylists.ops`, so that every app (the game library's included) may
use it; it is not an installed app (its page, `templates/confirm.html`, is the project's).
"""
