"""Helpers of the built-in classifier (``plugins/classifier.py``)."""
