"""The built-in classifier's parts, one concern per module (``plugins/classifier.py`` is the
plugin class; see its module documentation for how a level is decided):

* :mod:`.text` — tokens, Snowball stems, n-grams, the title lines;
* :mod:`.knowledge_base` — the common business document types with names and cues;
* :mod:`.labels` — a customer label mapped onto the knowledge base, and its query;
* :mod:`.zero_shot` — BM25 scores weighted by the organization's statistics, softmax;
* :mod:`.supervised` — TF-IDF + logistic regression on confirmed documents;
* :mod:`.decision` — pooling, the decision or abstention with its reason.
"""
