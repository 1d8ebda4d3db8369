#!/usr/bin/env python3
"""Play one whole game through the REST API with three token users, picking random legal moves.

Knows only the API documentation (/api/docs/); standard library only:

    python scripts/api_demo.py http://127.0.0.1:8000 TOKEN_A TOKEN_B TOKEN_C [--map europe]

The first token's user creates the game, the other two join (the third join fills
the game, which starts it), then whoever must act draws a random action from
legal-actions and posts it with the game version, until the game is finished.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import urllib.error
import urllib.request


class Api:
    """One user's client: JSON in, JSON out, throttling waited out."""

    def __init__(self, base: str, token: str):
        self.base = base.rstrip("/") + "/api/v1/"
        self.token = token

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict | None]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={
                "Authorization": f"Token {self.token}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
        )
        while True:
            try:
                with urllib.request.urlopen(request) as response:
                    raw = response.read()
                    return response.status, json.loads(raw) if raw else None
            except urllib.error.HTTPError as error:
                payload = json.loads(error.read() or b"null")
                if error.code == 429:  # throttled: wait as told
                    time.sleep(int(error.headers.get("Retry-After") or 1))
                    continue
                return error.code, payload

    def ok(self, method: str, path: str, body: dict | None = None) -> dict | None:
        status, payload = self.call(method, path, body)
        if status >= 300:
            sys.exit(f"{method} {path} -> {status}: {payload}")
        return payload


def play(base: str, tokens: list[str], map_id: str, seed: int | None) -> dict:
    rng = random.Random(seed)
    clients = [Api(base, token) for token in tokens]
    names = [client.ok("GET", "me/")["username"] for client in clients]
    by_name = dict(zip(names, clients, strict=True))
    print(f"players: {', '.join(names)}")

    game = clients[0].ok("POST", "games/", {"map": map_id, "max_players": len(clients)})
    game_id = game["id"]
    print(f"game {game_id} created on {game['map']} by {names[0]}")
    for name, client in zip(names[1:], clients[1:], strict=True):
        game = client.ok("POST", f"games/{game_id}/join/", {})
        print(f"{name} joined; game is {game['status']}")
    if game["status"] == "open":
        game = clients[0].ok("POST", f"games/{game_id}/start/")

    moves = refused = 0
    while game["status"] in ("choosing", "playing"):
        movers = [seat["username"] for seat in game["seats"] if seat["to_move"]]
        client = by_name[rng.choice(movers)]
        legal = client.ok("GET", f"games/{game_id}/legal-actions/")
        action = rng.choice(legal["actions"])
        status, payload = client.call(
            "POST", f"games/{game_id}/actions/", {"version": legal["version"], "action": action}
        )
        if status == 200:
            game, moves = payload, moves + 1
        elif status == 409:  # moved on meanwhile: look again
            refused += 1
            game = client.ok("GET", f"games/{game_id}/")
        else:
            sys.exit(f"move refused: {status} {payload}")
    print(f"game {game_id} {game['status']} after {moves} moves ({refused} stale posts retried)")
    return clients[0].ok("GET", f"games/{game_id}/")


def print_ranking(game: dict) -> None:
    final = (game.get("view") or {}).get("final") or {}
    totals = final.get("players", {})
    player_of = {seat["username"]: seat["player"] for seat in game["seats"]}
    print("final ranking:")
    for place, group in enumerate(game["ranking"] or [], start=1):
        for name in group:
            result = totals.get(player_of[name], {})
            print(
                f"  {place}. {name}: {result.get('total')} points "
                f"(routes {result.get('routes')}, tickets {result.get('tickets')}, "
                f"longest bonus {result.get('longest_bonus')})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base_url")
    parser.add_argument("tokens", nargs=3, metavar="TOKEN")
    parser.add_argument("--map", default="usa", choices=["usa", "europe"])
    parser.add_argument("--seed", type=int, default=None, help="for the random choices")
    args = parser.parse_args()
    print_ranking(play(args.base_url, args.tokens, args.map, args.seed))


if __name__ == "__main__":
    main()
