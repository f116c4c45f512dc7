"""The ratings' store tests run against every backend, as the storage suite does (tests/store/conftest.py)."""

from tests.store.conftest import backend, store  # noqa: F401
