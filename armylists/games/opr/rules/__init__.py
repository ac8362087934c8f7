"""The list rules both One Page Rules games share: plain Python, like the engine.

`numbers` holds the numbers they read (`OprParams`) and says the rules in
words; `force` the shared helpers, the optional force organisation and the
figures; `units` the rules that always apply to a unit's make-up; `mixing`
the rules on which factions a list draws from. Each game assembles its
`GameRules` from these in its own package.
"""
