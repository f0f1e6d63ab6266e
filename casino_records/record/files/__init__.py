"""Records as they come and go: files, folders, archives, streams, and atomic output."""
