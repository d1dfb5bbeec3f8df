"""Built-in classifier: zero-shot from label names and descriptions, plus a supervised model.

The engine calls :meth:`OntologyClassifier.classify` once per ontology level (spec 4.11
"classify") and handles the traversal. Besides the arguments of the contract, the plugin
reads entries that the engine puts in ``document.metadata`` (the built-in plugins'
metadata contract, see ``plugins/README.md``):

``metadata["ontology_labels"]``
    ``{label name: {"description": str, "keywords": [str], "path": [str]}}`` for every label
    of the organization's ontology (``path`` is root first and ends with the label itself).
``metadata["training_examples"]``
    ``[{"text": str, "labels": [str]}]``: the first ~3000 characters and the confirmed label
    path (root first) of the organization's confirmed documents; may be empty or absent.
``metadata["corpus_statistics"]``
    ``{"documents": n, "df": {word: count}}``: document frequencies of the organization's
    recent documents; optional.

How a level is decided
----------------------
1. **Knowledge base.** Each label is mapped onto the common business document types of
   :data:`KNOWLEDGE_BASE` from its name and description as a whole, phrases before words,
   with a score per type (:func:`knowledge_types`); below the root, what the parent level
   decided (its types, "agreement") and generic words ("deal", "services") carry no weight
   (:func:`level_context`). The label's query is its name, keywords and description words
   plus the mapped types' names and text cues (:func:`label_query`).
2. **Zero-shot score**: the query is scored against the document with Okapi BM25
   (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond",
   Foundations and Trends in IR 3(4), 2009; k1 = 1.2, b = 0.75) over the whole text, the
   head (title and preamble) again, and a bonus for type names in the title lines. Term
   weights: IDF over the labels of the level times the organization's corpus weight
   (:func:`corpus_idf`). A softmax with a temperature fitted for calibration (``p`` close to
   the chance of being right on the quality corpus's tuning half) turns the scores into a
   distribution. Below the root the document's start is also compared, as a sentence
   embedding, with each label's words (:mod:`.embedding`) and with the prototypes of the
   knowledge-base types the label means (:mod:`.prototypes`: what documents of the kind look
   like, whatever the customer called it), each with a fitted weight.
   **Confirmed documents fix the mapping** (:mod:`.examples`): each confirmed document of
   the level is scored against the knowledge-base types themselves, independent of the
   customer's wording; the types a label's documents score highest on rise in its mapping,
   and those its wording named but its documents do not fade, more the more documents
   agree (:func:`learned_mappings`, :func:`blend_mapping`).
3. **Supervised score**, when the organization has confirmed at least
   ``min_training_examples`` documents whose path passes through ``current_path``, at
   least ``min_examples_per_label`` per label on average, and that cover two or more of
   the available labels: TF-IDF of word uni- and bi-grams (sublinear
   tf; Salton & Buckley 1988; scikit-learn ``TfidfVectorizer``) fed to a multinomial
   logistic regression (scikit-learn ``LogisticRegression``), cached per organization,
   level and training-set hash. The two distributions are pooled log-linearly (a weighted
   product of experts; the supervised weight grows with the number of examples, up to
   ``max_supervised_weight``).
4. **Decision** (:func:`decide`): the best label, its probability, the runner-up and the
   evidence: its strongest terms in the document's own words ("title: supply agreement",
   "supply", "deliveries"); ``None`` (the engine's suggestion workflow) with a reason when the
   zero-shot evidence is below ``min_evidence`` (at the root, or wherever the prototypes do
   not take part), the probability below ``min_confidence``
   or the lead over the runner-up below ``min_margin``. A zero-shot probability is
   calibrated (``calibration.json``, fitted offline: per-level temperature and isotonic
   map); below its fitted ``min_probability`` the reason is "low confidence", and at the
   root below its fitted ``root_min_evidence`` "out of domain" (none of the ontology's
   kinds). The decision is logged as JSON.
5. With ``use_llm`` (default true; the engine passes whether an LLM is configured) the
   organization's LLM is asked with this level's labels only, the answer restricted to them
   by a JSON schema; when no provider is configured (``RuntimeError``) or the answer is
   unusable, the classical decision stands.
"""

from __future__ import annotations

import json
from typing import Any

from service_builtins.classification.decision import (
    INNER_LEVEL_MAX_SCORE_RATIO,
    MIN_EVIDENCE,
    MIN_EXAMPLES_PER_LABEL,
    Decision,
    classical_distribution,
    decide,
    has_subtrees,
)
from service_sdk import (
    ClassificationPlugin,
    ConfigurableParameter,
    Document,
    logger,
    prompt_llm,
    report_classification,
)

#: Characters of the document sent to the LLM.
LLM_CHARS = 6000


class OntologyClassifier(ClassificationPlugin):
    """Classifies one ontology level with BM25 over the ontology's label descriptions and
    keywords, plus a TF-IDF logistic regression trained on confirmed documents; optional
    LLM. Reads ``metadata["ontology_labels"]`` and ``metadata["training_examples"]``."""

    configurable_parameters = [  # noqa: RUF012 - read-only, the SDK's declared form
        ConfigurableParameter(
            parameter_name="min_confidence",
            parameter_type="float",
            default_value=0.2,
            description="Probability the best label needs; below it the document goes to "
            "the suggestion workflow (None)",
        ),
        ConfigurableParameter(
            parameter_name="min_margin",
            parameter_type="float",
            default_value=0.02,
            description="Lead over the second-best label the best label needs",
        ),
        ConfigurableParameter(
            parameter_name="min_training_examples",
            parameter_type="int",
            default_value=10,
            description="Confirmed documents needed at a level before the supervised model "
            "is used",
        ),
        ConfigurableParameter(
            parameter_name="min_examples_per_label",
            parameter_type="float",
            default_value=MIN_EXAMPLES_PER_LABEL,
            description="Confirmed documents per label (on average) needed before the "
            "supervised model is used; fewer only correct the labels' mapping onto the "
            "knowledge base",
        ),
        ConfigurableParameter(
            parameter_name="max_supervised_weight",
            parameter_type="float",
            default_value=0.6,
            description="Largest weight of the supervised model in the mix (0..1)",
        ),
        ConfigurableParameter(
            parameter_name="min_evidence",
            parameter_type="float",
            default_value=MIN_EVIDENCE,
            description="Zero-shot score the best label needs (sum of its matched terms' "
            "weights); below it the document goes to the suggestion workflow (None). At "
            "the root, and below it where the types' prototypes do not take part",
        ),
        ConfigurableParameter(
            parameter_name="inner_level_max_score_ratio",
            parameter_type="float",
            default_value=INNER_LEVEL_MAX_SCORE_RATIO,
            description="At a level whose labels have children, abstain (\"close call\") when "
            "the runner-up's zero-shot score reaches this fraction of the best's; 1 turns it "
            "off",
        ),
        ConfigurableParameter(
            parameter_name="use_llm",
            parameter_type="bool",
            default_value=True,
            description="Ask the organization's LLM at each level with that level's labels "
            "only (answers restricted to them); falls back to the classical result when no "
            "LLM is configured or the answer is unusable",
        ),
    ]

    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        """Return one of ``available_labels`` or ``None`` when unsure (see module doc)."""
        if not available_labels:
            return None
        if len(available_labels) == 1:
            return available_labels[0]
        decision = self.decide_level(document, available_labels, current_path, configs)
        if self._setting(configs, "use_llm"):
            answer = await self._ask_llm(document, available_labels, current_path)
            if answer is not None:
                logger.info("level %d: LLM -> %s (classical: %s)", len(current_path), answer,
                            json.dumps(decision.for_log()))
                # The LLM states no probability: the classical one of its label is reported,
                # with the classical choice as runner-up when they differ.
                agrees = answer == decision.best
                probabilities = decision.probabilities or {}
                await report_classification(
                    answer,
                    decision.probability if agrees else probabilities.get(answer, 0.0),
                    runner_up=decision.runner_up if agrees else decision.best,
                    runner_up_probability=(decision.runner_up_probability if agrees
                                           else decision.probability),
                    evidence=["LLM answer", *decision.evidence],
                )
                return answer
        logger.info("level %d: %s", len(current_path),
                    json.dumps(decision.for_log()))
        await report_classification(
            decision.best, decision.probability, runner_up=decision.runner_up,
            runner_up_probability=decision.runner_up_probability, evidence=decision.evidence,
            abstention_reason=decision.reason,
        )
        return decision.label

    def _setting(self, configs: dict[str, Any], name: str) -> Any:
        """A config value, else the parameter's declared default (the engine may pass {})."""
        if name in configs:
            return configs[name]
        return next(p.default_value for p in self.configurable_parameters
                    if p.parameter_name == name)

    def decide_level(
        self,
        document: Document,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> Decision:
        """The classical (no LLM) decision of one level with its probability, runner-up,
        evidence (the best label's terms in the document's own words) and abstention
        reason."""
        distribution, raw, used = classical_distribution(
            document, available_labels, current_path,
            {**{p.parameter_name: p.default_value for p in self.configurable_parameters},
             **configs},
        )
        ontology = (document.metadata or {}).get("ontology_labels")
        inner = isinstance(ontology, dict) and has_subtrees(ontology, available_labels,
                                                            current_path)
        return decide(
            distribution, raw,
            float(self._setting(configs, "min_confidence")),
            float(self._setting(configs, "min_margin")),
            float(self._setting(configs, "min_evidence")),
            used,
            float(self._setting(configs, "inner_level_max_score_ratio")) if inner else 1.0,
            depth=len(current_path),
            document=document,
        )

    async def _ask_llm(
        self, document: Document, available_labels: list[str], current_path: list[str]
    ) -> str | None:
        """Ask the LLM to pick one label; ``None`` when it cannot or does not answer."""
        ontology = (document.metadata or {}).get("ontology_labels") or {}
        lines = []
        for label in available_labels:
            info = ontology.get(label) if isinstance(ontology, dict) else None
            description = info.get("description", "") if isinstance(info, dict) else ""
            lines.append(f"- {label}: {description}".rstrip(": "))
        where = " / ".join(current_path) if current_path else "the top level"
        prompt = (
            f"Classify the document below at {where} of our document ontology. Choose "
            "exactly one label from this list, or null when none fits:\n"
            + "\n".join(lines)
            + f"\n\nDocument text (beginning):\n{document.text[:LLM_CHARS]}"
        )
        schema = {
            "type": "object",
            "properties": {"label": {"enum": [*available_labels, None]}},
            "required": ["label"],
            "additionalProperties": False,
        }
        try:
            answer = await prompt_llm(prompt, schema=schema)
        except RuntimeError as exc:
            logger.info("LLM unavailable, using the classical result: %s", exc)
            return None
        chosen: Any = answer.get("label") if isinstance(answer, dict) else None
        if isinstance(chosen, str) and chosen in available_labels:
            return chosen
        logger.info("LLM answer %r is not an available label; using the classical result",
                    answer)
        return None
