"""The main job (scripts/report.py) as a package: gather the data, then render it."""
