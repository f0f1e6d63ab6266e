"""Checking records: replay move by move, the audit of claimed scores, reports, corrections, batches."""
