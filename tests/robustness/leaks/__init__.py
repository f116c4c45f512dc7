"""No hidden card reaches anyone who may not know it: the leak scanner and its sampled test."""
