"""Printing for scripts: ``--json`` output with stable keys."""


def print_json(data: object) -> None:
    import json

    print(json.dumps(data, indent=2, ensure_ascii=False))
