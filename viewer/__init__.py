"""The Streamlit viewer's pages and the stepper component's files.

The build ships this folder inside the package as ``casino_records._viewer`` (see
``setup.py``), so ``casino-records view`` finds it with :mod:`importlib.resources`
in an installed wheel and in an editable install of this checkout alike.
"""
