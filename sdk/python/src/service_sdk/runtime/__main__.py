"""Entry point of ``python -m service_sdk.runtime`` (see ``docs/plugin-runtime.md``)."""

from __future__ import annotations

import sys

from .process import main

if __name__ == "__main__":
    sys.exit(main())
