from typing import Any

from service_sdk import logger


class OldPlugin:
    def execute(self, context: Any) -> Any:
        logger.info("old interface")
        return None
