#!/usr/bin/env bash
# Makes Sources/SkillscopeRating/PublicNames+Bundled.swift: the names that never tie a rule to one project
# (PublicNames), from what this machine reaches, reproducibly:
#   - Debian's package names (`apt-cache pkgnames`, after `apt-get update`): tools by their package name, and
#     libraries by the name their language knows them by (python3-requests -> requests, librust-anyhow-dev ->
#     anyhow, node-express -> express, golang-github-spf13-cobra-dev -> cobra, libjson-perl -> json, ruby-rails,
#     php-, libghc-, and C libraries, libcurl4-openssl-dev -> curl);
#   - the Python standard library's modules and built-in names (python3);
#   - the public types and functions of the Swift toolchain's Foundation, Dispatch and Swift modules
#     (swift-synthesize-interface).
# Words every project uses for its own folders (src, docs, scripts, app, ...) are left out.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Sources/SkillscopeRating/PublicNames+Bundled.swift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
apt-cache pkgnames | LC_ALL=C sort -u > "$work/debian.txt"
[ -s "$work/debian.txt" ] || { echo "apt-cache pkgnames listed nothing: run apt-get update first" >&2; exit 69; }
python3 - "$work/debian.txt" > "$work/names.txt" <<'PY'
import builtins, re, sys
names = set()
def add(name):
    name = name.strip().lower()
    if 2 <= len(name) <= 60 and re.fullmatch(r"[a-z0-9][a-z0-9_.+-]*", name):
        names.add(name)
        if "-" in name:
            names.add(name.replace("-", "_"))
for package in open(sys.argv[1]):
    package = package.strip()
    rules = [
        (r"python3?-(.+)", 1), (r"node-(.+)", 1), (r"librust-(.+?)(?:-[0-9][0-9.+]*)?(?:\+.*)?-dev", 1),
        (r"golang-(?:github|gitlab|golang|gopkg|google)-(?:[^-]+-)?(.+?)-dev", 1), (r"golang-(.+?)-dev", 1),
        (r"ruby-(.+)", 1), (r"lib(.+)-perl", 1), (r"php-(.+)", 1), (r"libghc-(.+?)-(?:dev|doc|prof)", 1),
        (r"lib(.+?)[0-9.]*(?:-[0-9.]+)?(?:-gnutls|-openssl|-nss)?-dev", 1),
    ]
    matched = False
    for pattern, group in rules:
        m = re.fullmatch(pattern, package)
        if m:
            add(m.group(group))
            matched = True
            break
    if not matched and not package.startswith("lib"):
        add(package)
for module in sys.stdlib_module_names:
    add(module)
for name in dir(builtins):
    if not name.startswith("_"):
        add(name)
print("\n".join(sorted(names)))
PY
for module in Swift Foundation FoundationEssentials FoundationInternationalization Dispatch Synchronization; do
    swift-synthesize-interface -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" 2>/dev/null \
        | grep -oE '(class|struct|enum|protocol|actor|typealias|func|var) [A-Za-z_][A-Za-z0-9_]+' \
        | awk '{print tolower($2)}' | grep -E '^[a-z][a-z0-9_]{3,}$' >> "$work/names.txt" || true
done
# Words that name a project's own folders or files, and English words too plain to be evidence either way.
stop='^(src|source|sources|doc|docs|scripts|script|app|apps|lib|libs|config|configs|utils|util|test|tests|build|dist|bin|packages|package|assets|references|reference|examples|example|data|tools|tool|core|common|shared|api|server|client|web|site|main|index|templates|template|components|pages|public|static|plugins|plugin|skills|skill|agents|agent|rules|rule|cmd|internal|pkg|modules|module|models|model|services|service|types|tmp|temp|vendor|spec|specs|fixtures|fixture|scratchpad|notes|plan|plans|tasks|task|workflow|workflows|deploy|release|setup|install|debug|bundle|preflight|generate|check|lint|format|dev|start|run|serve|migrate|seed|e2e|ui|db|database)$'
LC_ALL=C sort -u "$work/names.txt" | grep -Ev "$stop" > "$work/final.txt"
count=$(wc -l < "$work/final.txt")
{
    echo "// Made by scripts/make-public-names.sh: do not edit. $count names."
    echo "public import SkillscopeCore"
    echo ""
    echo "extension PublicNames {"
    echo "    /// The names \`scripts/make-public-names.sh\` made (see ``SkillscopeCore/PublicNames``)."
    echo "    public static let bundled = PublicNames(list: bundledList)"
    echo "}"
    echo ""
    echo "// swift-format-ignore"
    echo "private let bundledList = #\"\"\""
    cat "$work/final.txt"
    echo "\"\"\"#"
} > "$out"
echo "$count names -> $out" >&2
