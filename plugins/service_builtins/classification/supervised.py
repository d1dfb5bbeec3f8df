"""The supervised model of a level: TF-IDF + logistic regression over the organization's
confirmed documents, cached per organization, level and training set."""

from __future__ import annotations

import hashlib
import json
import resource
from typing import Any

from service_sdk import logger

#: Characters of the document used by the supervised model: the title and preamble carry the
#: type (5-fold CV on CUAD: 77% with the first 500 characters, 66% with 3000).
SUPERVISED_CHARS = 800

#: Fitted supervised models: key (organization, level, training hash) -> fitted model.
MODEL_CACHE: dict[str, SupervisedModel | None] = {}
MODEL_CACHE_MAX = 64


#: Address space importing scikit-learn takes in a runtime, in MiB, with a margin: SciPy's
#: extension modules and its own OpenBLAS (measured 219 MiB: a runtime with both built-ins
#: loaded, 461 against 242 MiB). Below this much room under the runtime's ``RLIMIT_AS``
#: (``SERVICE_PLUGIN_MEMORY_MB`` without cgroups) it is not imported: at 512 MiB the import
#: either failed or spun in the loader (minutes of CPU, until the runtime's CPU limit).
SKLEARN_ADDRESS_SPACE_MB = 300


class SupervisedUnavailable(RuntimeError):
    """scikit-learn cannot be imported in this runtime (no room, or not installed)."""


_UNAVAILABLE: list[str] = []  # why scikit-learn could not be imported in this process


def _address_space_left() -> int | None:
    """Bytes the process may still map under its ``RLIMIT_AS`` (``None``: no limit)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return None
    with open("/proc/self/status", encoding="ascii", errors="replace") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return soft - int(line.split()[1]) * 1024
    return None


def _estimators() -> tuple[Any, Any]:
    """scikit-learn's ``TfidfVectorizer`` and ``LogisticRegression``, imported at the first
    fit rather than with the plugin: scikit-learn brings SciPy, ~1,000 modules, ~0.9 s of a
    runtime's start-up CPU and ~220 MiB of its address space, and a level has a supervised
    model only once the organization has confirmed enough documents there. Raises
    :class:`SupervisedUnavailable` (then for the process's life) when the address space has
    no room for it (:data:`SKLEARN_ADDRESS_SPACE_MB`) or the import fails."""
    if _UNAVAILABLE:
        raise SupervisedUnavailable(_UNAVAILABLE[0])
    left = _address_space_left()
    if left is not None and left < SKLEARN_ADDRESS_SPACE_MB * 2**20:
        _UNAVAILABLE.append(f"{left // 2**20} MiB of address space left, scikit-learn needs "
                            f"{SKLEARN_ADDRESS_SPACE_MB}")
        raise SupervisedUnavailable(_UNAVAILABLE[0])
    try:
        from sklearn.feature_extraction.text import (  # type: ignore[import-untyped]
            TfidfVectorizer,
        )
        from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]
    except (ImportError, MemoryError) as err:
        _UNAVAILABLE.append(f"scikit-learn could not be imported: {type(err).__name__}")
        raise SupervisedUnavailable(_UNAVAILABLE[0]) from err
    return TfidfVectorizer, LogisticRegression


class SupervisedModel:
    """TF-IDF + multinomial logistic regression over the training texts of one level."""

    def __init__(self, texts: list[str], targets: list[str]) -> None:
        TfidfVectorizer, LogisticRegression = _estimators()
        self.vectorizer = TfidfVectorizer(
            ngram_range=(1, 2), sublinear_tf=True, min_df=1, max_features=60000,
            token_pattern=r"(?u)\b[^\W\d_][^\W_]+\b",
        )
        matrix = self.vectorizer.fit_transform(texts)
        self.model = LogisticRegression(C=20.0, max_iter=2000, class_weight="balanced")
        self.model.fit(matrix, targets)
        self.classes: list[str] = [str(c) for c in self.model.classes_]

    def predict(self, text: str) -> dict[str, float]:
        probs = self.model.predict_proba(self.vectorizer.transform([text]))[0]
        return {label: float(p) for label, p in zip(self.classes, probs, strict=True)}


def level_examples(
    examples: list[Any], current_path: list[str], available: list[str]
) -> tuple[list[str], list[str]]:
    """Training texts and targets for this level: examples whose path starts with
    ``current_path`` and continues with one of ``available``."""
    depth = len(current_path)
    texts: list[str] = []
    targets: list[str] = []
    for ex in examples:
        if not isinstance(ex, dict):
            continue
        labels = ex.get("labels")
        text = ex.get("text")
        if not isinstance(labels, list) or not isinstance(text, str) or len(labels) <= depth:
            continue
        if labels[:depth] != current_path or labels[depth] not in available:
            continue
        texts.append(text[:SUPERVISED_CHARS])
        targets.append(str(labels[depth]))
    return texts, targets


def supervised_model(
    organization: str, current_path: list[str], texts: list[str], targets: list[str]
) -> SupervisedModel | None:
    """Return the cached model for this training set, fitting it on first use."""
    digest = hashlib.sha256()
    for text, target in zip(texts, targets, strict=True):
        digest.update(target.encode() + b"\0" + text.encode() + b"\1")
    key = json.dumps([organization, current_path, digest.hexdigest()])
    if key not in MODEL_CACHE:
        if len(MODEL_CACHE) >= MODEL_CACHE_MAX:
            MODEL_CACHE.pop(next(iter(MODEL_CACHE)))
        model: SupervisedModel | None = None
        if len(set(targets)) >= 2:
            try:
                model = SupervisedModel(texts, targets)
            except SupervisedUnavailable as err:
                # the level is decided zero-shot, as with too few examples
                logger.warning("no supervised model for level %s: %s", current_path, err)
            else:
                logger.info(
                    "fitted classifier for level %s on %d examples", current_path, len(texts)
                )
        MODEL_CACHE[key] = model
    return MODEL_CACHE[key]

