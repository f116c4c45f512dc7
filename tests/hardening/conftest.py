"""Fixtures of the hardening tests: a store on each backend (PostgreSQL when ``KADO_TEST_POSTGRES_DSN`` is set).

The fixtures are tests/store/conftest.py's and tests/ai/conftest.py's own, shared rather than copied.
"""

from tests.ai.conftest import one_worker  # noqa: F401  (a fixture)
from tests.store.conftest import backend  # noqa: F401  (a fixture)
