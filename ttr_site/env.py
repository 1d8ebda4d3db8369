"""Reading settings from the environment."""

import os
import secrets
from pathlib import Path


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
