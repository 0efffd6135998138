"""algoverify: check that the pseudocode, math and code in scientific notes do what their prose claims."""
