"""pitchlab.ui: the pages' widgets and figures, run in a page's kernel."""

from pitchlab.ui.import_cost import leave_out_unused_imports

leave_out_unused_imports()  # before anything here imports jsonschema (see import_cost)
