"""Helper modules of the built-in plugins (``plugins/*.py``).

The engine loads each built-in plugin as one source file; the helpers it imports live here,
split by concern: :mod:`service_builtins.extraction` for the contract and invoice extractor,
:mod:`service_builtins.classification` for the classifier. Every plugin runtime has this
package's parent directory (the repository's ``plugins/``) at the end of ``sys.path``
(``python -m service_sdk.runtime --builtins-path``), and the sandbox binds this package alone,
read-only. It is internal code of the service, not part of the SDK: tenant plugins are
written against ``service_sdk`` and must not rely on it.
"""

from __future__ import annotations

__all__ = ["__version__"]

#: Changes with incompatible changes of the helpers' interfaces (the engine already versions
#: built-in plugins by a hash of the plugin file and of this package's files).
__version__ = "1"
