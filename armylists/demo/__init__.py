"""The demo (`seed_demo`): the top layer, above every app, so that it gathers each layer's own demo (the
builder's lists, the campaigns' campaign, the events' event) by import (docs/architecture.md, "The layers")."""
