"""algoverify: check that the pseudocode, math and code in scientific notes do what their prose claims."""

__version__ = "0.1.0"
