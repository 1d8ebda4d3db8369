"""Reading settings from the environment."""

import os
import secrets
from pathlib import Path

from py_vapid import Vapid


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def local_secret_key(var_dir: Path) -> str:
    """A key generated once into var/ so local sessions survive restarts."""
    path = var_dir / "secret_key"
    if not path.exists():
        var_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


def local_vapid_key(var_dir: Path) -> str:
    """The site's VAPID key for browser push (PEM), generated once into var/ like the secret
    key, so a browser's subscriptions survive restarts."""
    path = var_dir / "vapid_private_key.pem"
    if not path.exists():
        var_dir.mkdir(parents=True, exist_ok=True)
        key = Vapid()
        key.generate_keys()
        path.write_bytes(key.private_pem())
        path.chmod(0o600)
    return path.read_text()
