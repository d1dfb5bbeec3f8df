"""Helpers of the built-in contract and invoice extractor (``plugins/contract_extractor.py``)."""
