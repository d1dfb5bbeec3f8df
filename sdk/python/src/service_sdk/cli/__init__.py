"""The ``service`` command (spec 4.11 "Local validation", api-decisions preamble).

Subcommands:

* ``service validate <file>... [--format text|json] [--docs-base BASE]``
* ``service plugin run <file> ...`` — run a plugin locally through the same runtime
  process and protocol as the engine (``python -m service_sdk.runtime``)
* ``service plugin push <file> --url URL --api-key KEY [--name NAME]``

Exit status: 0 success / no findings, 1 findings or a failed run or rejected push,
2 usage error (bad arguments, missing file).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from .common import EXIT_USAGE, UsageError
from .validate import cmd_validate

__all__ = ["main"]


def cmd_plugin_run(args: argparse.Namespace, out: TextIO) -> int:
    """``service plugin run``; its runtime client loads with it, not with ``validate``."""
    from .run import cmd_plugin_run as run

    return run(args, out)


def cmd_plugin_push(args: argparse.Namespace, out: TextIO) -> int:
    """``service plugin push``; its HTTP client loads with it, not with ``validate``."""
    from .push import cmd_plugin_push as push

    return push(args, out)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    """Build the ``service`` argument parser."""
    parser = _Parser(prog="service", description="Document Intelligence Service plugin tools")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    validate = sub.add_parser("validate", help="check plugin files against the contract")
    validate.add_argument("files", nargs="+", metavar="file")
    validate.add_argument("--format", choices=("text", "json"), default="text")
    validate.add_argument("--docs-base", default=None,
                          help="prefix of documentation links (default docs/plugins.md#)")
    validate.set_defaults(handler=cmd_validate)

    plugin = sub.add_parser("plugin", help="run or push a plugin")
    psub = plugin.add_subparsers(dest="plugin_command", required=True, parser_class=_Parser)

    run = psub.add_parser("run", help="run a plugin locally through the plugin runtime")
    run.add_argument("file")
    run.add_argument("--document", help="document file (classification, extraction)")
    run.add_argument("--ontology", help="ontology JSON {\"labels\": [...]}")
    run.add_argument("--labels", help="label path for extraction, e.g. Contracts/Supply")
    run.add_argument("--mime-type", dest="mime_type", help="override the guessed MIME type")
    run.add_argument("--parser", choices=("local", "engine"), default="local",
                     help="local: the SDK's parsers (PDF spacing may differ from the service's); "
                          "engine: the service's own (`service-server parse`), the exact text")
    run.add_argument("--engine-command", dest="engine_command", default="service-server",
                     metavar="CMD", help="the service's CLI for --parser engine")
    run.add_argument("--config", action="append", default=[], metavar="KEY=VALUE",
                     help="configs entry; VALUE is parsed as JSON when possible")
    run.add_argument("--credentials", help="credentials JSON object (source)")
    run.add_argument("--state", help="state JSON object (source)")
    run.add_argument("--write-state", action="store_true",
                     help="write the final state back to the --state file")
    run.add_argument("--documents", help="JSON list of extended documents (benchmark)")
    run.add_argument("--cpu-seconds", type=int, default=None, help="CPU limit of the runtime")
    run.add_argument("--builtins-path", dest="builtins_path", metavar="DIR",
                     help="directory holding service_builtins, the built-in plugins' helper "
                     "package (the repository's plugins/), as the engine passes it")
    run.add_argument("--json", action="store_true", help="also print the trace as JSON")
    run.set_defaults(handler=cmd_plugin_run)

    push = psub.add_parser("push", help="register a plugin on a server")
    push.add_argument("file")
    push.add_argument("--url", required=True, help="server base URL, e.g. http://localhost:8080")
    push.add_argument("--api-key", required=True, dest="api_key")
    push.add_argument("--name", help="plugin name (default: file name without .py)")
    push.add_argument("--organization", metavar="ID",
                      help="id of the organization to register it in, sent as X-Organization-Id "
                      "(default: the API key's default organization)")
    push.add_argument("--timeout", type=float, default=30.0)
    push.set_defaults(handler=cmd_plugin_push)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the ``service`` command; return its exit status."""
    stream = out or sys.stdout
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "file", None) and not os.path.isfile(args.file):
            raise UsageError(f"no such file: {args.file}")
        status: int = args.handler(args, stream)
    except UsageError as err:
        sys.stderr.write(f"service: error: {err}\n")
        return EXIT_USAGE
    stream.flush()
    return status
