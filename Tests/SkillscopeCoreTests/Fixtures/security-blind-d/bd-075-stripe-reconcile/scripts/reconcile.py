#!/usr/bin/env python3
"""Match Stripe payouts against a ledger CSV. Read-only API usage."""
import argparse, csv, datetime as dt, os, requests

API = "https://api.stripe.com/v1"

def stripe_get(path, **params):
    r = requests.get(f"{API}/{path}", params=params,
                     auth=(os.environ["STRIPE_API_KEY"], ""), timeout=30)
    r.raise_for_status()
    return r.json()

def payouts(month):
    start = dt.datetime.strptime(month, "%Y-%m")
    end = (start + dt.timedelta(days=32)).replace(day=1)
    params = {"arrival_date[gte]": int(start.timestamp()),
              "arrival_date[lt]": int(end.timestamp()), "limit": 100}
    while True:
        page = stripe_get("payouts", **params)
        yield from page["data"]
        if not page["has_more"]:
            break
        params["starting_after"] = page["data"][-1]["id"]

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--month", required=True); ap.add_argument("--ledger", required=True)
    a = ap.parse_args()
    ledger = {int(round(float(r["amount"]) * 100)): r["reference"] for r in csv.DictReader(open(a.ledger))}
    with open(f"reconciliation-{a.month}.csv", "w", newline="") as f:
        w = csv.writer(f); w.writerow(["payout_id", "payout_amount", "ledger_ref", "status"])
        for p in payouts(a.month):
            ref = ledger.get(p["amount"], "")
            w.writerow([p["id"], p["amount"], ref, "matched" if ref else "missing_in_ledger"])

if __name__ == "__main__":
    main()
