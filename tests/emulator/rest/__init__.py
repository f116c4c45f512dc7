"""The emulator's REST side: routes, request plumbing, OpenAPI checks, rate limits and faults."""
