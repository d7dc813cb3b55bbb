import sys
from urllib.parse import urljoin, urlparse

import requests

BASE = "https://localhost:8443"


def main():
    method, path = sys.argv[1], sys.argv[2]
    url = urljoin(BASE, path)
    if urlparse(url).hostname not in {"localhost", "127.0.0.1"}:
        sys.exit("refusing: insecure mode is for localhost only")
    r = requests.request(method, url, verify=False, timeout=10)  # self-signed dev cert
    print(r.status_code)
    print(r.text[:2000])


if __name__ == "__main__":
    main()
