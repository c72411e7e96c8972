"""The Stellar Inferno rules package imports no UI (no Textual, rich, typer or click), like the other
rules packages (tests/package/test_import_hygiene.py)."""

import pkgutil

import referee.stellar_inferno
from tests.helpers.imports import UI_FOR_RULES, modules_after


def test_the_stellar_inferno_rules_import_no_ui():
    names = [f"referee.stellar_inferno.{m.name}" for m in pkgutil.iter_modules(referee.stellar_inferno.__path__)]
    assert "referee.stellar_inferno.space_combat" in names and len(names) >= 15
    loaded = modules_after("import " + ", ".join(names))
    assert set(names) <= loaded
    assert not loaded & set(UI_FOR_RULES), sorted(loaded & set(UI_FOR_RULES))
