"""The project's own development tools (not shipped with the package)."""
