"""The tutorial's pages, one module per notebook in ``tutorial/`` (``02-the-deal.ipynb``: :mod:`the_deal`)."""
