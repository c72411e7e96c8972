"""Shared test set-up."""

import os
import tempfile

# Keep the parsed-table cache of the tests out of the user's cache folder. Set at import, before
# any test module loads a table during collection; subprocesses inherit it.
os.environ["REFEREE_CACHE_DIR"] = tempfile.mkdtemp(prefix="referee-test-cache-")
