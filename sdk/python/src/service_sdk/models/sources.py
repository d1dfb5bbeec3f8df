"""What a source plugin works with: credentials from the vault and its saved state."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, dataclass_transform


class DynamicCredential:
    """Credentials injected by the engine from its vault (spec 2.4).

    Read them as attributes (``credentials.api_key``) or with
    ``credentials.get("api_key", default)``. A field that was not configured raises
    ``AttributeError`` naming the field and the configured field names (never values).
    ``repr()``/``str()`` show field names only: ``DynamicCredential(fields=['api_key'])``.

    A credential whose name collides with a method of this class (``get``, ``field_names``)
    is reachable through ``get()`` only.
    """

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, Any] | None = None) -> None:
        """Wrap ``values`` (field name → secret value); keys must be strings.

        Raises:
            TypeError: ``values`` is not a mapping with string keys.
        """
        if values is None:
            values = {}
        if not isinstance(values, Mapping) or not all(isinstance(k, str) for k in values):
            raise TypeError("credentials must be a mapping of field name to value")
        object.__setattr__(self, "_values", dict(values))
        self._values: dict[str, Any]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        values: dict[str, Any] = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        raise AttributeError(
            f"credential field {name!r} is not configured for this source "
            f"(configured fields: {sorted(values)})"
        )

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("DynamicCredential is read-only")

    def get(self, name: str, default: Any = None) -> Any:
        """Return the value of credential field ``name``, or ``default`` when not set."""
        return self._values.get(name, default)

    def field_names(self) -> list[str]:
        """Return the configured field names, sorted (never the values)."""
        return sorted(self._values)

    def __contains__(self, name: object) -> bool:
        return name in self._values

    def __repr__(self) -> str:
        return f"DynamicCredential(fields={sorted(self._values)!r})"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("DynamicCredential cannot be pickled")


_Self = TypeVar("_Self", bound="BaseSourceState")


@dataclass_transform()
class BaseSourceState:
    """Base class of a SourcePlugin's state model (spec 2.4, 4.11).

    Subclasses are turned into dataclasses automatically; every field needs a default so
    that the engine can create the first state from ``{}``. Mutable defaults (``[]``,
    ``{}``, ``set()``) are allowed and copied per instance. Fields must hold JSON values.
    The plugin mutates fields directly; the engine saves ``to_dict()`` after each yielded
    document and restores with ``from_dict()``::

        class MyState(BaseSourceState):
            cursor: str | None = None
            seen_ids: list[str] = []

    Raises:
        TypeError: at class creation, when a field has no default.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        annotations = inspect.get_annotations(cls)
        for name in annotations:
            if name.startswith("_"):
                continue
            default = cls.__dict__.get(name, dataclasses.MISSING)
            if default is dataclasses.MISSING:
                inherited = any(
                    dataclasses.is_dataclass(base)
                    and name in {f.name for f in dataclasses.fields(base)}
                    for base in cls.__mro__[1:]
                )
                if not inherited:
                    raise TypeError(
                        f"{cls.__name__}.{name} needs a default value: the engine creates "
                        "the first state with no saved values"
                    )
                continue
            if isinstance(default, list | dict | set):
                setattr(cls, name, dataclasses.field(default_factory=_copier(default)))
        dataclasses.dataclass(cls)

    def to_dict(self) -> dict[str, Any]:
        """Return the state as a JSON-ready dict (``dataclasses.asdict``)."""
        if not dataclasses.is_dataclass(self):
            return {}
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls: type[_Self], data: Mapping[str, Any] | None) -> _Self:
        """Restore a state saved by :meth:`to_dict`; unknown keys are ignored, missing
        keys take their defaults.

        Raises:
            ValueError: ``data`` is not a mapping.
        """
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise ValueError(f"state must be an object, got {type(data).__name__}")
        if not dataclasses.is_dataclass(cls):
            return cls()
        names = {f.name for f in dataclasses.fields(cls) if f.init}
        return cls(**{k: v for k, v in data.items() if k in names})


def _copier(value: list[Any] | dict[Any, Any] | set[Any]) -> Callable[[], Any]:
    import copy

    return lambda: copy.deepcopy(value)
