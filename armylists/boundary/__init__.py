"""The boundary every way into Muster shares, at the bottom of the layers (docs/architecture.md):
reading bounded JSON (`jsonfile`), the strings a file may hold (`text`), whole numbers from requests
(`numbers`), a document's envelope (`envelope`), pydantic's faults as sentences (`messages`), the one
`BadInput` error (`errors`), a JSON path in words for a page (`inwords`) and the commands' base class
(`commands`). It imports nothing of Muster's, so every layer may use it."""
