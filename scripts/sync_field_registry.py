"""Write the SDK's copy of the field registry (``fields/registry.json`` →
``sdk/python/src/service_sdk/field_registry.json``), or with ``--check`` say whether it is current.

The registry's one source is ``fields/registry.json`` (decision 496). The SDK carries a byte-equal
copy as package data because an installed SDK (a wheel) and the plugin sandbox, which mounts only
the SDK's import path, cannot reach the repository's ``fields/`` directory. Exit status 1 with
``--check`` when the copy differs; ``sdk/python/tests/test_fields.py`` runs the same comparison.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "fields" / "registry.json"
COPY = ROOT / "sdk" / "python" / "src" / "service_sdk" / "field_registry.json"


def main(argv: list[str]) -> int:
    """``--check``: 0 when the copy equals the source, else 1; without it, write the copy."""
    source = SOURCE.read_bytes()
    if "--check" in argv:
        current = COPY.exists() and COPY.read_bytes() == source
        if not current:
            print(f"{COPY.relative_to(ROOT)} differs from {SOURCE.relative_to(ROOT)}: "
                  "run python3 scripts/sync_field_registry.py", file=sys.stderr)
        return 0 if current else 1
    COPY.write_bytes(source)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
