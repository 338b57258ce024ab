"""Practice: Pitch problems to solve, each a position with answers proven best by what the seat knew."""
