"""Serializers of the API: what each response looks like (and so what the schema documents).

Responses are built as plain dicts from the selectors and the engine's
player_view, then passed through these serializers, so every key a client sees
is declared here and nothing undeclared slips out.
"""
