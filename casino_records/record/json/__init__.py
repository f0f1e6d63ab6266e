"""Records as JSON: read exactly (numbers as written, repeated keys found), written canonically."""
