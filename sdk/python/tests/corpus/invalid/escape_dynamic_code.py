import importlib
from importlib import import_module
from typing import Any

import builtins
from service_sdk import ClassificationPlugin, Document


class Sneaky(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        net = __import__("soc" + "ket")
        table = vars(__builtins__)
        code = compile(document.text, "<doc>", "exec")
        exec(code)
        label = eval("available_labels[0]")
        importlib.reload(net)
        return str(label or table or import_module or builtins)
