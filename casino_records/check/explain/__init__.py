"""The counting mistake behind a dispute, found and told.

- :mod:`.dispute`: :func:`~.dispute.explain` and :func:`~.dispute.explain_record`, the
  search for the one mistake (or the few) that makes the claimed score come out;
- :mod:`.whatif`: the replayed game re-scored under "what if" changes, without
  replaying the play;
- :mod:`.mistakes`: the catalogue of mistakes made at a table (counting, rules
  misread, carrying scores into the match, and those the piles tell);
- :mod:`.explanation`: the explanation as report data.

Nothing is imported here, so that a report can hold an explanation without the
search being loaded.
"""
