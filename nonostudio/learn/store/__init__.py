"""The job store: learning runs and their specifications in SQLite, its layout and faults, a run's
settings record and the lock held by the process running it.
"""
