"""Helper modules of the built-in plugins (importable by the plugin files in the runtime)."""
