import os
import sys
import xml.etree.ElementTree as ET

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

HUB = "https://metrics-hub.buildstats.example/api/v2/runs"


def parse(path):
    root = ET.parse(path).getroot()
    for case in root.iter("testcase"):
        yield {"name": f"{case.get('classname')}::{case.get('name')}", "seconds": float(case.get("time", 0))}


def main():
    cases = list(parse(sys.argv[1]))
    r = requests.post(
        HUB,
        json={"cases": cases},
        headers={"Authorization": f"Bearer {os.environ['METRICS_API_KEY']}"},
        verify=False,
        timeout=20,
    )
    r.raise_for_status()
    print(f"pushed {len(cases)} timings")


if __name__ == "__main__":
    main()
