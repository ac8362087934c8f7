"""Running Muster in production: the web server's settings, and the middleware
that guards every request (request ids and logging, body limits)."""
