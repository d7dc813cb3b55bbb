#!/usr/bin/env python3
"""Validates a SARIF document against the SARIF 2.1.0 schema, as pydantic-sarif's models generated from
sarif-schema-2.1.0.json read it (every object closed to unknown fields, enums and types checked), and checks what
code scanning needs beyond the schema: each result's ruleId among the driver's rules, a physical location with
startLine >= 1 and startColumn >= 1.

Usage: sarif_validate.py FILE|-     exit 0 valid, 1 invalid (each problem printed), 2 usage
"""
import json
import sys

from pydantic import ValidationError
from pydantic_sarif.model import StaticAnalysisResultsFormatSarifVersion210JsonSchema as Report


def problems(document):
    found = []
    try:
        Report.model_validate(document)
    except ValidationError as error:
        for item in error.errors():
            found.append("schema: " + ".".join(str(part) for part in item["loc"]) + ": " + item["msg"])
    for number, run in enumerate(document.get("runs", []) if isinstance(document, dict) else []):
        rules = {rule.get("id") for rule in run.get("tool", {}).get("driver", {}).get("rules", [])}
        for index, result in enumerate(run.get("results", [])):
            where = f"runs.{number}.results.{index}"
            if result.get("ruleId") not in rules:
                found.append(f"{where}: ruleId {result.get('ruleId')!r} is not among the driver's rules")
            locations = result.get("locations") or []
            if not locations:
                found.append(f"{where}: no location")
            for location in locations:
                region = location.get("physicalLocation", {}).get("region", {})
                if region.get("startLine", 0) < 1 or region.get("startColumn", 0) < 1:
                    found.append(f"{where}: region {region} lacks a startLine and startColumn >= 1")
    return found


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    text = sys.stdin.read() if sys.argv[1] == "-" else open(sys.argv[1]).read()
    found = problems(json.loads(text))
    for problem in found:
        print(problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
