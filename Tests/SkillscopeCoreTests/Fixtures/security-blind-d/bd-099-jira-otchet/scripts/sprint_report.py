#!/usr/bin/env python3
import argparse, os, sys
import requests

BASE = os.environ["JIRA_BASE_URL"].rstrip("/")
S = requests.Session()
S.headers.update({"Authorization": f"Bearer {os.environ['JIRA_PAT']}", "Accept": "application/json"})

def get(path, **params):
    r = S.get(f"{BASE}{path}", params=params, timeout=30)
    r.raise_for_status()
    return r.json()

def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--board", type=int); ap.add_argument("--sprint", default="active")
    a = ap.parse_args()
    sprint = get(f"/rest/agile/1.0/board/{a.board}/sprint", state=a.sprint)["values"][0]
    issues = get(f"/rest/agile/1.0/sprint/{sprint['id']}/issue", maxResults=200,
                 fields="summary,status,assignee,customfield_10016")["issues"]
    print(f"# Спринт: {sprint['name']}\n\nЦель: {sprint.get('goal') or '—'}\n")
    done = [i for i in issues if i["fields"]["status"]["statusCategory"]["key"] == "done"]
    print("## Выполнено\n")
    for i in done:
        f = i["fields"]
        print(f"- {i['key']} {f['summary']} ({(f.get('assignee') or {}).get('displayName', '—')}, SP {f.get('customfield_10016') or 0})")
    print("\n## Не завершено\n")
    for i in issues:
        if i not in done:
            print(f"- {i['key']} {i['fields']['summary']}")

if __name__ == "__main__":
    sys.exit(main())
