"""Checks the dashboard's exports with third-party validators: a HAR file against the checked-in HAR 1.2
JSON Schema (jsonschema), and a JUnit XML file (junitparser). Prints one JSON line with what it found;
exits 1 when a file is invalid."""
import argparse
import json
import sys

import jsonschema
from junitparser import Error, Failure, JUnitXml, Skipped


def check_har(path, schema_path):
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    with open(path, encoding="utf-8") as handle:
        har = json.load(handle)
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(har), key=lambda e: list(e.path))
    entries = har.get("log", {}).get("entries", [])
    # The spec's own rule beyond types: time is the sum of the timings that are not -1.
    for index, entry in enumerate(entries):
        timings = entry.get("timings", {})
        total = sum(v for k, v in timings.items() if k in ("blocked", "dns", "connect", "send", "wait", "receive") and v != -1)
        if abs(total - entry.get("time", 0)) > 0.001:
            errors.append(f"entries[{index}]: time {entry.get('time')} != sum of timings {total}")
    return {
        "valid": not errors,
        "errors": [str(getattr(e, "message", e)) for e in errors][:10],
        "entries": len(entries),
        "statuses": [e["response"]["status"] for e in entries if "response" in e],
        "headers": sorted({h["name"] + ": " + h["value"] for e in entries for h in e.get("request", {}).get("headers", [])
                           if h["name"].lower() in ("x-api-key", "authorization")}),
    }


def check_junit(path):
    xml = JUnitXml.fromfile(path)
    cases = []
    for suite in xml:
        for case in suite:
            kinds = [type(r).__name__ for r in case.result]
            messages = [r.message for r in case.result if isinstance(r, (Failure, Skipped, Error))]
            cases.append({"suite": suite.name, "name": case.name, "time": case.time, "results": kinds, "messages": messages})
    return {"valid": True, "tests": len(cases), "cases": cases}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--har")
    parser.add_argument("--schema")
    parser.add_argument("--junit")
    args = parser.parse_args()
    out = {}
    if args.har:
        out["har"] = check_har(args.har, args.schema)
    if args.junit:
        out["junit"] = check_junit(args.junit)
    print(json.dumps(out))
    return 0 if all(part["valid"] for part in out.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
