"""The web server: Starlette app, HTTP API, WebSockets, and the static browser client.

The server holds no rule. It authenticates seats (tokens, through the table manager), turns
browser messages into manager calls and sends back what the manager filtered for each seat.
The protocol is ``docs/protocol.md``; ``create_app`` in ``app.py`` is the entry point.
"""
