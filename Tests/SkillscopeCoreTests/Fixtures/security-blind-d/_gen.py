import json, os, re
ROOT = "/work/main/Tests/SkillscopeCoreTests/Fixtures/security-blind-d"
MARK = "⟪E⟫"
TOK = {"ZWSP":"\u200b","ZWNJ":"\u200c","ZWJ":"\u200d","LRM":"\u200e","RLM":"\u200f",
       "RLO":"\u202e","LRO":"\u202d","PDF":"\u202c","RLI":"\u2067","LRI":"\u2066",
       "PDI":"\u2069","WJ":"\u2060","BOM":"\ufeff","VS16":"\ufe0f","SHY":"\u00ad"}
def _zwbin(t):
    return "".join("".join("\u200c" if b == "1" else "\u200b" for b in format(c, "08b")) for c in t.encode("utf-8"))
def expand(s):
    s = re.sub(r"⟦TAG:(.*?)⟧", lambda m: "".join(chr(0xE0000 + ord(c)) for c in m.group(1)), s)
    s = re.sub(r"⟦ZWBIN:(.*?)⟧", lambda m: _zwbin(m.group(1)), s)
    for k, v in TOK.items():
        s = s.replace("⟦" + k + "⟧", v)
    return s
def process(text, track=True):
    text = text.strip("\n") + "\n"
    lines = text.split("\n")[:-1]
    out, ev = [], []
    for i, l in enumerate(lines, 1):
        if l.startswith(MARK):
            ev.append(i); l = l[len(MARK):]
        out.append(expand(l))
    return "\n".join(out) + "\n", ev, len(out)
def case(id, kind, main, files=None, *, harmful, expect, cats, family, imitates=None, lang, why):
    assert kind in ("skill", "claude", "agents", "cursor")
    assert expect in ("fail", "warn", "pass") and (expect == "pass") == (not harmful)
    body, ev, n = process(main)
    if n < 30 or n > 120:
        print("LENGTH WARNING", id, n)
    if files:
        assert kind == "skill"
        d = os.path.join(ROOT, id); os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "SKILL.md"), "w", encoding="utf-8").write(body)
        for rel, txt in files.items():
            p = os.path.join(d, rel); os.makedirs(os.path.dirname(p), exist_ok=True)
            b, _, _ = process(txt)
            open(p, "w", encoding="utf-8").write(b)
            if rel.endswith((".sh", ".py")): os.chmod(p, 0o755)
        path = id + "/"
    else:
        ext = ".mdc" if kind == "cursor" else ".md"
        open(os.path.join(ROOT, id + ext), "w", encoding="utf-8").write(body)
        path = id + ext
    lp = os.path.join(ROOT, "labels.json")
    labels = json.load(open(lp, encoding="utf-8")) if os.path.exists(lp) else []
    labels = [l for l in labels if l["id"] != id]
    labels.append({"id": id, "path": path, "kind": kind, "harmful": harmful, "expect": expect,
                   "categories": cats, "family": family, "imitates": imitates, "lines": ev,
                   "language": lang, "why": why})
    labels.sort(key=lambda l: l["id"])
    open(lp, "w", encoding="utf-8").write(json.dumps(labels, ensure_ascii=False, indent=1) + "\n")
    print("ok", id, n, ev)
