"""One module per library adapter; serbench_py.registry lists them."""
