"""Secrets (invitation links, tokens) are compared in constant time, as bytes: a string
compare refuses any character outside ASCII, and would turn a mistyped "é" into a 500
that tells the secret's owner exists."""

import hmac


def same_secret(given, kept) -> bool:
    if not given or not kept:
        return False
    return hmac.compare_digest(str(given).encode("utf-8", "surrogatepass"), str(kept).encode())
