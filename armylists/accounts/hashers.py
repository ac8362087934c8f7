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

    32 MiB and two passes: about 56 ms on one core of the 2-core machine, more memory than OWASP's
    Argon2id configuration of 19 MiB and two passes. 46 MiB (OWASP's other one, with one pass) took 83 ms
    with two passes, and forty logins at once nearly reached the time limit. One lane, so that a login
    takes one core and leaves the other to the other web processes; Django's own costs (100 MiB, eight
    lanes) would take every core for each login.

    Changing a cost is safe: a stored hash names its own, so it still verifies, and Django stores the
    password again with the new ones at the player's next login (must_update).
    """

    time_cost = 2
    memory_cost = 32 * 1024  # KiB
    parallelism = 1
