#!/usr/bin/env python3
"""The public API of a module, from `swift api-digester -dump-sdk`: used by Scripts/check-public-api.sh.

    public_api.py public DUMP OUT    keeps only the public declarations of DUMP (the digester's JSON) in OUT
    public_api.py lines JSON         prints one line per declaration of JSON (for a readable diff)

The digester also serializes the module's `package` declarations (marked "isInternal") and its imports (which
depend on the platform and, with internal imports by default, are not API): `public` drops both, so the
baseline holds what an app can call and nothing else. The output is the digester's own format (so
`-diagnose-sdk` can read it), written with sorted keys so the same API is the same bytes.
"""

import json
import sys


def public_nodes(node):
    """`node` without its package declarations and imports (recursively); None when it is one of them."""
    if node.get("isInternal") or node.get("kind") == "Import":
        return None
    children = node.get("children")
    if children is not None:
        kept = [c for c in (public_nodes(child) for child in children) if c is not None]
        node = dict(node, children=kept)
    return node


def lines(node, path=()):
    """One line per declaration: its enclosing declarations, its kind and its printed signature."""
    kind = node.get("kind", "")
    name = node.get("printedName", node.get("name", ""))
    out = []
    if kind not in ("Root", "TypeNominal", "TypeNameAlias", "TypeFunc", "Accessor"):
        out.append(" / ".join(path + (f"{node.get('declKind', kind)} {name}",)) + signature(node))
    inner = path + ((name,) if kind not in ("Root",) and node.get("declKind") else ())
    for child in node.get("children", []):
        if child.get("kind") in ("TypeNominal", "TypeNameAlias", "TypeFunc"):
            continue
        out.extend(lines(child, inner))
    return out


def signature(node):
    """The declaration's types (result first, as the digester orders them) and its attributes."""
    types = [c.get("printedName", "") for c in node.get("children", [])
             if c.get("kind") in ("TypeNominal", "TypeNameAlias", "TypeFunc")]
    extras = []
    if types:
        extras.append(": " + ", ".join(types))
    for key in ("static", "throwing", "isLet", "hasDefaultArg", "genericSig"):
        if key in node:
            extras.append(f" [{key}{'' if node[key] is True else ' ' + str(node[key])}]")
    if node.get("declAttributes"):
        extras.append(" [" + " ".join(node["declAttributes"]) + "]")
    if node.get("conformances"):
        extras.append(" [conforms to " + ", ".join(c.get("printedName", "") for c in node["conformances"]) + "]")
    return "".join(extras)


def main(argv):
    if len(argv) == 4 and argv[1] == "public":
        with open(argv[2]) as f:
            dump = json.load(f)
        dump["ABIRoot"] = public_nodes(dump["ABIRoot"])
        with open(argv[3], "w") as f:
            json.dump(dump, f, indent=1, sort_keys=True)
            f.write("\n")
        return 0
    if len(argv) == 3 and argv[1] == "lines":
        with open(argv[2]) as f:
            print("\n".join(lines(json.load(f)["ABIRoot"])))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
