"""Reading the committed manifests (bench/*.tsv)."""



def read_tsv(path):
    """Rows of a tab-separated manifest as dicts; '#' lines are comments, the
    first other line is the header."""
    rows, header = [], None
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n").rstrip("\r")
            if not line.strip() or line.startswith("#"):
                continue
            cells = [c.strip() for c in line.split("\t")]
            if header is None:
                header = cells
                continue
            row = {h: (cells[i] if i < len(cells) else "") for i, h in enumerate(header)}
            row["_line"] = lineno
            rows.append(row)
    return rows


def in_set(row, full):
    return row.get("set", "default") == "default" or (full and row.get("set") == "full")
