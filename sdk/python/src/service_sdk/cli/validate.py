"""``service validate <file>...``: the validator's findings as text or JSON."""

from __future__ import annotations

import argparse
import os
from typing import TextIO

from ..validator import validate_source
from .common import EXIT_FINDINGS, EXIT_OK, UsageError, _read_text, format_findings_text


def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    results = []
    for file in args.files:
        if not os.path.isfile(file):
            raise UsageError(f"no such file: {file}")
    for file in args.files:
        findings = validate_source(_read_text(file), docs_base=args.docs_base)
        results.append((file, findings))
    if args.format == "json":
        import json  # the text format, the default, starts without it

        payload = [{"file": f, "errors": [x.to_dict() for x in fs]} for f, fs in results]
        out.write(json.dumps(payload, indent=2) + "\n")
    else:
        for file, findings in results:
            if findings:
                out.write(format_findings_text(file, findings) + "\n")
        total = sum(len(fs) for _, fs in results)
        files = sum(1 for _, fs in results if fs)
        if total:
            out.write(f"{total} problem(s) in {files} of {len(results)} file(s)\n")
        else:
            out.write(f"{len(results)} file(s) valid\n")
    return EXIT_FINDINGS if any(fs for _, fs in results) else EXIT_OK
