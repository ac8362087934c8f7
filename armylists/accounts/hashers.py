"""How passwords are stored: Argon2id, at costs measured for web processes that each serve one request at a time."""
from __future__ import annotations

from django.contrib.auth.hashers import Argon2PasswordHasher


class MusterArgon2PasswordHasher(Argon2PasswordHasher):
    """Django's Argon2id hasher, at costs that let a room of players log in at once (docs/deploying.md,
    "Passwords", where the measurements are; tests/bench_logins.py makes them).

    Django's default, PBKDF2 with 1,000,000 iterations, took 0.24 s of a core per hash; twenty logins at
    once queued on two cores past the 2 s request time limit, and eight were answered 503. Argon2id makes
    each guess cost memory as well as time, so a guesser's GPUs gain far less over this server's CPU than
    on PBKDF2, and a hash can take less time for as much protection.

    19 MiB and two passes: OWASP's Argon2id configuration (Password Storage Cheat Sheet, "Argon2id": m=19456
    KiB, t=2, p=1, one of its five equivalent ones), about 20 ms on one core of the 2-core machine. 32 MiB (56
    ms) let forty at once in, but fifty at once had 5 and 6 answered 503 at the 2 s request limit. One lane,
    so that a login takes one core and leaves the other to the other web processes; Django's own costs (100
    MiB, eight lanes) would take every core for each login.

    Changing a cost is safe: a stored hash names its own, so it still verifies, and Django stores the
    password again with the new ones at the player's next login (must_update).
    """

    time_cost = 2
    memory_cost = 19 * 1024  # KiB: 19456, OWASP's
    parallelism = 1
