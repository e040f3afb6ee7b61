"""Running matches on a Dask cluster: bots shipped as content-addressed bundles, games played
on workers by the same referee code, replays returned to the coordinator, which alone writes.

Nothing here imports ``distributed`` at module level: the core install has no Dask.
"""
