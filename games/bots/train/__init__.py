"""Training by self-play of the bots' learned parts; each module is a runnable command."""
