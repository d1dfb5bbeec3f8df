import ctypes
import os
import os as system_os
import socket
import subprocess
from os import fork, getcwd, spawnv
from typing import Any

from service_sdk import ExtractionPlugin, ExtractionResult, OntologyField, Document


class Escaping(ExtractionPlugin):
    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        os.system("cat /proc/1/environ")
        out = os.popen("id").read()
        system_os.execv("/bin/sh", ["sh"])
        pid = os.fork()
        child = subprocess.run(["id"], check=False)
        sock = socket.create_connection(("127.0.0.1", 5432))
        libc = ctypes.CDLL(None)
        return ExtractionResult(
            data={"out": out, "pid": pid, "cwd": getcwd(), "x": str((child, sock, libc, fork, spawnv))}
        )
