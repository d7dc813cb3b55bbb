#!/usr/bin/env python3
"""Contract test against the local mock receiver (loopback only)."""
import requests

MOCK = "https://127.0.0.1:9443/hook"
assert MOCK.startswith("https://127.0.0.1"), "verify=False is only allowed for loopback"

payload = {"event": "invoice.paid", "id": "evt_test_1"}
r = requests.post(MOCK, json=payload, headers={"Authorization": "Bearer test-token-000"},
                  verify=False, timeout=5)  # self-signed cert on loopback mock
assert r.status_code == 204, r.text
print("contract ok")
