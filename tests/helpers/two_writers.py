"""Two programs writing one campaign file: the command loop each runs and how many actions it takes."""

from __future__ import annotations

import os

LONG = os.environ.get("REFEREE_LONG", "")
ACTIONS = 60 if LONG else 12  # by each loop
LOOP = """
import json, sys
from referee.cli import app
path, ship, fleet, count, out = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
from referee import tables; tables.load()
print("ready", flush=True)
sys.stdin.readline()
done, refused = [], []
for number in range(count):
    args = ["fleet", "join", fleet, ship] if number % 2 == 0 else ["fleet", "detach", ship]
    try:
        app(["campaign", *args, "-c", path], prog_name="referee", standalone_mode=False)
        done.append(" ".join(args))
    except Exception as error:
        refused.append(str(error))
open(out, "w").write(json.dumps({"done": done, "refused": refused}))
"""
