"""Army Forge army books read into Muster's faction file (docs/faction-file.md, "Army Forge books")."""
