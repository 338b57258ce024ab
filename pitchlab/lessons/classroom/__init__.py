"""The classroom lessons' working parts, one module per notebook in ``notebooks/lessons/`` (``01-counting-hands.ipynb``: :mod:`counting_hands`)."""
