"""Running Muster in production: the web server's settings, and the middleware
that guards every request (request ids and logging, body limits).

It sits just above the boundary and imports only it (docs/architecture.md, "The layers"). The web
process is gunicorn (`gunicorn.py`, `web.py`: a graceful reload that hands over to warm processes;
`server.py`: a deadline for every request's headers) serving `handler.py`, Django's ASGI handler;
every request passes the request ids, the body limits (`limits.py`) and `timelimit.py` (no request's
code runs past settings.REQUEST_TIME_LIMIT_S). `errors.py` draws the error and busy pages (a locked
database is a 503); `clientip.py` gives the client's address (X-Forwarded-For believed only from
settings.TRUSTED_PROXIES). `ratelimit.py` is the one rate limiter: `limit(request, key)` by count and
`cost_limited` by the time a costly page takes, counted by `tallies.py`; `state.py` is the cache that
never culls a live entry, for jobs' markers and locks (docs/deploying.md, "Caching and rate limits").
"""
