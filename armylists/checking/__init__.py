"""Checking a list: the list file, its unit data, the check, and the ways in.

Everything that checks a list stands on this package: the `checklist` command,
`POST /api/check`, the builder, printing and events. It reads the game library
(`factions`) and the per-game homes (`armylists.games`) and runs the engine
(`armylists.rules`); nothing here renders a page.

`boundary` and `management.base` import nothing of Muster's, so the layers
below (`factions`) may use them too; import-linter holds both rules.
"""
