"""Shared test set-up."""

import os
import tempfile

# Keep the parsed-table cache of the tests out of the user's cache folder. Set at import, before
# any test module loads a table during collection; subprocesses inherit it.
os.environ["REFEREE_CACHE_DIR"] = tempfile.mkdtemp(prefix="referee-test-cache-")
os.environ["REFEREE_HOME"] = tempfile.mkdtemp(prefix="referee-test-home-")  # the app notes the files it opens there: not in the user's folder
