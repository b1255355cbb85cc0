"""Transport-free use cases, one module per operation of the reference."""
