"""Printing for scripts: ``--json`` output with stable keys."""

import json


def print_json(data: object) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))
