#!/usr/bin/env bash
# Makes Sources/CPublicNames/data/public-names.txt, the names that never tie a rule to one project (PublicNames),
# which the build links into the binary as it is (Sources/CPublicNames/names.S). From what this machine reaches,
# reproducibly (it installs the Debian packages it reads when they are missing):
#   - Debian's package names (`apt-cache pkgnames`, after `apt-get update`): tools by their package name, and
#     libraries by the name their language knows them by (python3-requests -> requests, librust-anyhow-dev ->
#     anyhow, node-express -> express, golang-github-spf13-cobra-dev -> cobra, libjson-perl -> json, ruby-rails,
#     php-, libghc-, and C libraries, libcurl4-openssl-dev -> curl);
#   - the Python standard library's modules and built-in names (python3);
#   - the public types and functions of the Swift toolchain's Foundation, Dispatch and Swift modules
#     (swift-synthesize-interface);
#   - PyPI's 15,000 most downloaded packages and npm's packages downloaded 10,000 times a month or more (the `env`
#     entry's package lists: ENV_PACKAGES, or /work/.library/env/packages);
#   - language standard libraries from Debian's packages: Rust's std, core and alloc (rust-src: their public
#     items), Go's standard packages and their exported names (golang-1.19-src), the JDK's java.* and javax.*
#     classes (openjdk-17-jdk-headless, `jimage list`), Node's built-in modules and globals (nodejs);
#   - the standard file names of common toolchains (manage.py, lib.rs, conftest.py, ~/.aws/credentials, ...),
#     written below: a project has one because its toolchain asks for it.
# Words every project uses for its own folders (src, docs, scripts, app, ...) are left out.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Sources/CPublicNames/data/public-names.txt
packages=${ENV_PACKAGES:-/work/.library/env/packages}
for file in pypi.tsv npm.tsv; do
    [ -s "$packages/$file" ] || { echo "no package list $packages/$file: set ENV_PACKAGES" >&2; exit 66; }
done
missing=()
[ -d /usr/src/rustc-1.63.0/library ] || missing+=(rust-src)
[ -d /usr/share/go-1.19/src ] || missing+=(golang-1.19-src)
[ -x /usr/lib/jvm/java-17-openjdk-amd64/bin/jimage ] || missing+=(openjdk-17-jdk-headless)
command -v node > /dev/null || missing+=(nodejs)
if [ ${#missing[@]} -gt 0 ]; then apt-get install -y --no-install-recommends "${missing[@]}" >&2; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
apt-cache pkgnames | LC_ALL=C sort -u > "$work/debian.txt"
[ -s "$work/debian.txt" ] || { echo "apt-cache pkgnames listed nothing: run apt-get update first" >&2; exit 69; }
python3 "$(dirname "$0")/public_names.py" "$work/debian.txt" "$packages" > "$work/names.txt"
for module in Swift Foundation FoundationEssentials FoundationInternationalization Dispatch Synchronization; do
    swift-synthesize-interface -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" 2>/dev/null \
        | grep -oE '(class|struct|enum|protocol|actor|typealias|func|var) [A-Za-z_][A-Za-z0-9_]+' \
        | awk '{print tolower($2)}' | grep -E '^[a-z][a-z0-9_]{3,}$' >> "$work/names.txt" || true
done
# Words that name a project's own folders or files, and English words too plain to be evidence either way.
stop='^(src|source|sources|doc|docs|scripts|script|app|apps|lib|libs|config|configs|utils|util|test|tests|build|dist|bin|packages|package|assets|references|reference|examples|example|data|tools|tool|core|common|shared|api|server|client|web|site|main|index|templates|template|components|pages|public|static|plugins|plugin|skills|skill|agents|agent|rules|rule|cmd|internal|pkg|modules|module|models|model|services|service|types|tmp|temp|vendor|spec|specs|fixtures|fixture|scratchpad|notes|plan|plans|tasks|task|workflow|workflows|deploy|release|setup|install|debug|bundle|preflight|generate|check|lint|format|dev|start|run|serve|migrate|seed|e2e|ui|db|database)$'
LC_ALL=C sort -u "$work/names.txt" | grep -Ev "$stop" > "$work/final.txt"
count=$(wc -l < "$work/final.txt")
mkdir -p "$(dirname "$out")"
{
    echo "# Made by scripts/make-public-names.sh: do not edit. $count names, lower case, one a line."
    cat "$work/final.txt"
} > "$out"
# names.S carries the list's digest, so a new list rebuilds the object that links it in.
digest=$(sha256sum "$out" | cut -c1-16)
sed -i "s|^// public-names.txt .*|// public-names.txt $digest|" Sources/CPublicNames/names.S
echo "$count names -> $out" >&2
