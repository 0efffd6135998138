"""The version of algoverify (one place, read by the package, the CLI and the reporters)."""

__version__ = "0.1.0"
