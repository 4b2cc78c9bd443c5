"""Every public function, class, method and property of the package has a
docstring (its own, or the one it overrides), so the API reference has
something to say of each name it lists.  A module's public names are
those its ``__all__`` lists, or without one those with no leading
underscore."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import playbook


def undocumented() -> list[str]:
    """The public callables of the package with no docstring to show."""
    names = ["playbook", *(m.name for m in pkgutil.walk_packages(playbook.__path__, "playbook."))]
    missing = []
    for name in names:
        module = importlib.import_module(name)
        if not inspect.getdoc(module):
            missing.append(name)
        listed = getattr(module, "__all__", None)
        for attr, value in vars(module).items():
            public = attr in listed if listed is not None else not attr.startswith("_")
            if not public or getattr(value, "__module__", None) != name:
                continue
            if (inspect.isclass(value) or inspect.isfunction(value)) and not inspect.getdoc(value):
                missing.append(f"{name}.{attr}")
            if not inspect.isclass(value):
                continue
            for member, found in vars(value).items():
                inner = found.__func__ if isinstance(found, (classmethod, staticmethod)) else (
                    found.fget if isinstance(found, property) else found)
                if not member.startswith("_") and inspect.isfunction(inner) and not inspect.getdoc(
                        getattr(value, member)):
                    missing.append(f"{name}.{attr}.{member}")
    return missing


def test_every_public_name_has_a_docstring():
    missing = undocumented()
    assert not missing, f"{len(missing)} public names have no docstring: {missing}"
