"""What `make bench` needs inside the app: its reference views and its data set.

Nothing here is reachable in production: the reference views are only routed when
`SCOREPAD_BENCH=1` selects `scorepad.bench.urls` (see settings), and the data set is
only written by `scripts/bench.py` into its own throwaway databases.
"""
