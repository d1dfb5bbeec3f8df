"""``python -m service_sdk.cli``."""

import sys

from . import main

sys.exit(main())
