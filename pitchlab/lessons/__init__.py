"""The working parts of the notebooks, one module per notebook: ``tutorial`` (the tutorial's pages) and ``classroom`` (the classroom lessons)."""
