"""One level's decision: the pooled zero-shot + supervised distribution, and the choice or
abstention (with its reason) made from it."""

from __future__ import annotations

import contextlib
import math
from typing import Any, NamedTuple

from service_sdk import Document

from . import calibration
from .embedding import EmbeddingUnavailable, label_similarities
from .examples import learned_mappings
from .labels import chain_learned
from .prototypes import SENTENCE_TRUST, label_type_similarities, sentence_mappings
from .supervised import SUPERVISED_CHARS, level_examples, supervised_model
from .zero_shot import ZERO_SHOT_TEMPERATURE, bm25_scores, evidence_words, softmax

#: Default least zero-shot score (``min_evidence``) of a chosen label.
MIN_EVIDENCE = 2.0
#: Default ``min_examples_per_label``: confirmed documents per label (on average over the
#: labels that have any) before the supervised model takes part. Up to the ~6 per label the
#: quality corpus's tuning half holds, the model lowered the contract type on every wording
#: once the confirmed documents fix the labels' mapping (:mod:`.examples`), and its pooled
#: probabilities are not calibrated (ECE 0.19 at weight 0.2; issue 33, docs/quality.md).
MIN_EXAMPLES_PER_LABEL = 10.0
#: Default ``inner_level_max_score_ratio``: above the largest runner-up/best score ratio of a
#: correct root-level decision on the tuning half of the quality corpus (0.78).
INNER_LEVEL_MAX_SCORE_RATIO = 0.8


class Decision(NamedTuple):
    """One level's decision, as logged and reported to the engine (which stores it in the
    document's classification trace, SDK ``report_classification``).

    ``label`` is what ``classify`` returns: ``best`` (the top-ranked label), or ``None``
    when the classifier abstains, with ``reason`` saying why (``"no evidence"``, ``"low
    confidence"``, ``"small margin"``). ``probability`` is ``best``'s; ``probabilities``
    holds every available label's (not logged). ``evidence`` is ``best``'s strongest terms
    (up to five, strongest first) in the document's own words, lower case (``"title: supply
    agreement"``, ``"supply"``, ``"deliveries"``; a term named in the title lines starts with
    ``"title: "``), each string once; without the document (:func:`decide` called without
    ``document``) the terms' stems (``"suppli"``)."""

    label: str | None
    best: str | None
    probability: float
    runner_up: str | None
    runner_up_probability: float
    evidence: list[str]
    score: float
    reason: str | None = None
    supervised_examples: int = 0
    probabilities: dict[str, float] | None = None

    def for_log(self) -> dict[str, Any]:
        """The decision as a JSON-able dict, without the full distribution."""
        out = self._asdict()
        out.pop("probabilities")
        return out


def classical_distribution(
    document: Document,
    available_labels: list[str],
    current_path: list[str],
    configs: dict[str, Any],
) -> tuple[dict[str, float], dict[str, tuple[float, list[str]]], int]:
    """The mixed zero-shot + supervised probability of each available label, the raw
    zero-shot scores with their evidence terms (stems, :func:`.zero_shot.score_queries`),
    and the number of training examples used (0 when the supervised model does not take
    part).

    Confirmed documents (``metadata["training_examples"]``) first fix the labels' mapping
    onto the knowledge base (:func:`.examples.learned_mappings`), which the zero-shot query
    is built from; the supervised model takes part from ``min_training_examples`` at the
    level and ``min_examples_per_label`` per label on."""
    metadata = document.metadata or {}
    ontology = metadata.get("ontology_labels")
    if not isinstance(ontology, dict):
        ontology = {}
    examples = metadata.get("training_examples")
    if not isinstance(examples, list):
        examples = []
    learned = learned_mappings(examples, current_path, available_labels, ontology,
                               document.organization_id or "")
    # a label's sentence reading moves its mapping, and confirmed documents move it further;
    # without the model, BM25 on the words' mapping alone, as the rest of the level (step 3)
    with contextlib.suppress(EmbeddingUnavailable):
        if SENTENCE_TRUST > 0:
            read = sentence_mappings(available_labels, ontology)
            learned = {label: chain_learned(read.get(label, {}), learned.get(label, {}))
                       for label in {*read, *learned}}
    raw = bm25_scores(document.text, available_labels, ontology,
                      metadata.get("corpus_statistics"), document.id, learned)
    texts, targets = level_examples(examples, current_path, available_labels)
    zero = zero_shot_distribution(document.text, raw, available_labels, ontology,
                                  len(current_path), learned)
    minimum = int(configs.get("min_training_examples", 10))
    per_label = len(texts) / max(len(set(targets)), 1)
    if len(texts) < max(minimum, 2) or per_label < float(
            configs.get("min_examples_per_label", MIN_EXAMPLES_PER_LABEL)):
        return zero, raw, 0
    model = supervised_model(
        document.organization_id or "", current_path, texts, targets
    )
    if model is None:
        return zero, raw, 0
    predicted = model.predict(document.text[:SUPERVISED_CHARS])
    # Labels without examples get a neutral share (1/n) instead of a veto: the known labels
    # share the mass k/n of the k labels the model was trained on.
    share = len(predicted) / len(available_labels)
    supervised = {
        label: predicted[label] * share if label in predicted else 1 / len(available_labels)
        for label in available_labels
    }
    weight = min(
        float(configs.get("max_supervised_weight", 0.6)), len(texts) / (len(texts) + 20.0)
    )
    # Log-linear pooling (a weighted product of experts, renormalised).
    pooled = {
        label: (1 - weight) * math.log(zero.get(label, 0.0) + 1e-6)
        + weight * math.log(supervised.get(label, 0.0) + 1e-6)
        for label in available_labels
    }
    return softmax(pooled, 1.0), raw, len(texts)


def described(info: Any) -> bool:
    """Whether a label (its ``ontology_labels`` entry) has a description."""
    return isinstance(info, dict) and bool(str(info.get("description") or "").strip())


def zero_shot_distribution(text: str, raw: dict[str, tuple[float, list[str]]],
                           labels: list[str], ontology: dict[str, Any], depth: int,
                           learned: dict[str, dict[str, float]] | None = None
                           ) -> dict[str, float]:
    """The zero-shot probability of each label: the softmax of the BM25 scores at the
    level's fitted temperature ``T``; below the root, each label's logit also gains
    ``beta x`` the cosine similarity of the document's start with the label's own words
    (:func:`.embedding.label_similarities`, ``beta`` = :func:`.calibration.embedding_weight`),
    and ``gamma x`` its similarity with the prototypes of the knowledge-base types the label
    is mapped onto (:func:`.prototypes.label_type_similarities`, ``gamma`` =
    :func:`.calibration.prototype_weight`), so ``p(label) ∝ exp(bm25 / T + beta x similarity
    + gamma x type similarity)``. The similarity reads a customer's wording as a whole
    ("Carriage", "Moving cargo for a shipper"), which the knowledge base's words do not always
    name; the types' prototypes say what documents of the kind the wording means look like,
    whatever the words. At the root the label similarity takes no part (its fitted weight is
    0) and a kind without a prototype takes the best of the others' type similarity, so the
    prototypes only tell apart the kinds the corpus has documents of (decision 635); the
    out-of-domain gate still reads BM25 evidence. ``learned`` (label ->
    :func:`.examples.learned_mappings`, what its confirmed documents are) moves each label's
    types; the label similarity reads the wording alone (decision 639)."""
    t = calibration.temperature(depth, ZERO_SHOT_TEMPERATURE)
    scores = {k: v for k, (v, _) in raw.items()}
    betas = {label: calibration.embedding_weight(depth, described(ontology.get(label)))
             for label in labels}
    gamma = calibration.prototype_weight(depth)
    if (any(betas.values()) or gamma) and len(labels) > 1:
        try:
            # at the root the fitted label-similarity weight is 0: no need to embed the labels
            sims = (label_similarities(text, labels, ontology)
                    if any(betas.values()) else {})
            kinds = (label_type_similarities(text, labels, ontology, learned=learned)
                     if gamma else {})
        except EmbeddingUnavailable:
            # a runtime too small for the model (docs: plugins/README.md step 3) decides on
            # BM25 alone rather than failing every document
            return softmax(scores, t)
        scores = {k: v + t * (betas.get(k, 0.0) * sims.get(k, 0.0)
                              + gamma * kinds.get(k, 0.0)) for k, v in scores.items()}
    return softmax(scores, t)


def decide(
    distribution: dict[str, float],
    raw: dict[str, tuple[float, list[str]]],
    min_confidence: float,
    min_margin: float,
    min_evidence: float,
    supervised_examples: int = 0,
    max_score_ratio: float = 1.0,
    depth: int | None = None,
    document: Document | None = None,
) -> Decision:
    """The best label when it has evidence, is confident enough and leads the runner-up;
    otherwise an abstention (``label`` None) with its reason. Evidence is the zero-shot
    score of the best label; it is not required once the supervised model takes part.
    ``max_score_ratio`` < 1 also abstains ("close call") when the runner-up's zero-shot
    score is at least that fraction of the best's (zero-shot only): the softmax of BM25
    scores is sharp, so two strong but conflicting readings ("an agreement" that is also "the
    terms of service") show in the scores' ratio, not in the probabilities.

    With ``depth`` (the level's depth, 0 at the root) a zero-shot decision is calibrated
    (:mod:`.calibration`): the stated probability of the best label is the fitted chance of
    it being right (the other labels share the rest in proportion), the classifier abstains
    below the fitted ``min_probability`` ("low confidence"), and at the root below the
    fitted ``root_min_evidence`` ("out of domain": none of the ontology's kinds). Where the
    fitted probability also reads the types' prototypes (:func:`.calibration.prototype_weight`)
    the "close call" does not apply (the prototypes tell apart what the scores' ratio doubts:
    terms of service that say "agreement" throughout), nor, below the root, ``min_evidence``.

    With ``document`` (the one ``raw`` scores), the best label's evidence is put in the
    document's own words (:func:`.zero_shot.evidence_words`; that label's only, the others'
    are never shown); without, it stays the stems of ``raw``."""
    ranked = sorted(distribution.items(), key=lambda kv: kv[1], reverse=True)
    if not ranked:
        return Decision(None, None, 0.0, None, 0.0, [], 0.0, "no labels")
    best, p_best = ranked[0]
    calibrate = depth is not None and not supervised_examples
    if calibrate and depth is not None:
        stated = calibration.calibrated(p_best, depth)
        others = sum(v for k, v in distribution.items() if k != best)
        if others > 0:
            distribution = {k: stated if k == best else v * (1.0 - stated) / others
                            for k, v in distribution.items()}
        else:
            # the others' raw mass underflowed (a saturated softmax): they share the rest
            even = (1.0 - stated) / max(len(distribution) - 1, 1)
            distribution = {k: stated if k == best else even for k in distribution}
        p_best = stated
        min_confidence = max(min_confidence, calibration.min_probability(min_confidence))
        if depth == 0:
            min_evidence = max(min_evidence, calibration.root_min_evidence(min_evidence))
    # The runner-up is the likeliest other label: where the fitted map states the top label
    # below 0.5 (it is right 1 time in 5 at the root's lowest raw probabilities), another label
    # can end up more probable than the best, and the best must not be its own runner-up.
    second, p_second = max(((k, v) for k, v in distribution.items() if k != best),
                           key=lambda kv: kv[1], default=(None, 0.0))
    score, evidence = raw.get(best, (0.0, []))
    if document is not None:
        evidence = evidence_words(document.text, document.id, evidence)
    decision = Decision(best, best, p_best, second, p_second, evidence, score,
                        supervised_examples=supervised_examples,
                        probabilities=dict(distribution))
    # below the root a calibrated level reads the document's start against the labels' words
    # and their types' prototypes too, so a label without BM25 terms in the text can be the
    # right one (a joint venture agreement that never says "joint venture": right 23 times
    # in 25 at p 0.92-0.98 on the robustness bench); there the probability speaks
    prototyped = calibrate and calibration.prototype_weight(depth or 0) > 0
    embedded = prototyped and bool(depth)
    reason = None
    if score < min_evidence and not supervised_examples and not embedded:
        reason = "out of domain" if calibrate and depth == 0 else "no evidence"
    elif p_best < min_confidence:
        reason = "low confidence"
    elif p_best - p_second < min_margin:
        reason = "small margin"
    elif (max_score_ratio < 1.0 and not supervised_examples and not prototyped
          and second is not None
          and score > 0 and raw.get(second, (0.0, []))[0] >= max_score_ratio * score):
        # off at 1.0 (a level without subtrees): there the label similarity can rank a
        # label above one with more BM25 evidence, and the calibrated probability speaks
        reason = "close call"
    return decision if reason is None else decision._replace(label=None, reason=reason)


def has_subtrees(ontology: dict[str, Any], available: list[str], current_path: list[str]) -> bool:
    """Whether a label of this level has children in the organization's ontology
    (``metadata["ontology_labels"]``, whose ``path`` of each label is root first): a wrong
    answer there sends the document down the wrong subtree, with the wrong fields."""
    depth = len(current_path)
    for info in ontology.values():
        path = info.get("path") if isinstance(info, dict) else None
        if (isinstance(path, list) and len(path) > depth + 1 and path[:depth] == current_path
                and path[depth] in available):
            return True
    return False
