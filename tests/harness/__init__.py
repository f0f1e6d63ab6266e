"""Generated disputes that measure the explainer: made for tests/check/test_explain.py and bench/bench_explain.py."""
