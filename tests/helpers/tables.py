"""The official tables, loaded once for the tests."""

from __future__ import annotations

from referee import tables

TABLES = tables.load()
