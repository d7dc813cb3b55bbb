"""The names of scripts/make-public-names.sh that Python reads: Debian package names as their languages know them,
the Python standard library, PyPI and npm package lists, the standard libraries of Rust, Go, Java and Node, and the
standard file names of toolchains. Arguments: the Debian package names file, the folder of the package lists."""
import builtins, csv, os, re, subprocess, sys
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
csv.field_size_limit(1 << 24)


def table(name):
    with open(os.path.join(sys.argv[2], name), newline="", encoding="utf-8", errors="replace") as file:
        rows = csv.reader(file, delimiter="\t", quoting=csv.QUOTE_NONE)
        next(rows)
        yield from rows


# PyPI's most downloaded packages (the list ranks its 15,000 first) and npm's packages used at least 10,000 times a
# month: below that, a name is as likely a project's own word as a library.
for row in table("pypi.tsv"):
    if len(row) > 3 and row[3].strip():
        add(row[0])
for row in table("npm.tsv"):
    if len(row) > 2 and row[2].strip().isdigit() and int(row[2]) >= 10000:
        name = row[0].strip().lower()
        if name.startswith("@") and "/" in name and len(name) <= 60:
            names.add(name)
        else:
            add(name)


def walk(root, suffix):
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [d for d in subfolders if d not in ("tests", "testdata", "vendor", "internal", "benches")]
        for file in files:
            if file.endswith(suffix) and not file.endswith("_test.go"):
                yield folder, os.path.join(folder, file)


# Rust: the public items of std, core and alloc, and their macros.
rust_item = re.compile(
    r"^\s*pub(?:\([^)]*\))? (?:unsafe |const |async |extern \"C\" )*(?:struct|enum|trait|fn|type|mod|union|macro) "
    r"([A-Za-z_][A-Za-z0-9_]*)", re.M)
rust_macro = re.compile(r"^\s*macro_rules! ([A-Za-z_][A-Za-z0-9_]*)", re.M)
for crate in ("std", "core", "alloc"):
    for _, path in walk(f"/usr/src/rustc-1.63.0/library/{crate}/src", ".rs"):
        text = open(path, encoding="utf-8", errors="replace").read()
        for match in rust_item.finditer(text):
            if len(match.group(1)) > 2:
                add(match.group(1))
        for match in rust_macro.finditer(text):
            add(match.group(1))

# Go: the standard packages, by path and by name, and the names they export.
go_root = "/usr/share/go-1.19/src"
go_item = re.compile(r"^(?:func (?:\([^)]*\) )?|type |var |const )([A-Z][A-Za-z0-9_]*)", re.M)
for folder, path in walk(go_root, ".go"):
    package = os.path.relpath(folder, go_root)
    if package.startswith("cmd") or package == ".":
        continue
    add(package.split("/")[-1])
    names.add(package)
    for match in go_item.finditer(open(path, encoding="utf-8", errors="replace").read()):
        if len(match.group(1)) > 2:
            add(match.group(1))

# The JDK: the classes of java.* and javax.*, by simple name, and their packages.
jdk = "/usr/lib/jvm/java-17-openjdk-amd64"
listing = subprocess.run([f"{jdk}/bin/jimage", "list", f"{jdk}/lib/modules"], capture_output=True, text=True,
                         check=True).stdout
for line in listing.splitlines():
    entry = line.strip()
    if entry.startswith(("java/", "javax/")) and entry.endswith(".class") and "$" not in entry:
        parts = entry[: -len(".class")].split("/")
        add(parts[-1])
        add(".".join(parts[:-1]))

# Node: its built-in modules and globals.
script = "require('module').builtinModules.concat(Object.getOwnPropertyNames(globalThis)).join('\\n')"
for name in subprocess.run(["node", "-p", script], capture_output=True, text=True, check=True).stdout.splitlines():
    add(name.removeprefix("node:"))

# The standard file names of toolchains, and the places every machine's tools keep their settings.
toolchain = """
manage.py settings.py urls.py wsgi.py asgi.py conftest.py pytest.ini setup.py setup.cfg tox.ini noxfile.py
__init__.py __main__.py manifest.in pipfile pipfile.lock poetry.lock uv.lock .python-version requirements-dev.txt
lib.rs main.rs mod.rs build.rs cargo.lock rust-toolchain.toml rustfmt.toml clippy.toml .cargo/config.toml
go.sum main.go doc.go .golangci.yml package-lock.json yarn.lock pnpm-lock.yaml pnpm-workspace.yaml bun.lockb
.npmrc .nvmrc .prettierrc .eslintrc .eslintrc.js .eslintrc.json eslint.config.js eslint.config.mjs
prettier.config.js vite.config.ts vite.config.js vitest.config.ts jest.config.js jest.config.ts
next.config.js next.config.mjs next.config.ts tailwind.config.js tailwind.config.ts postcss.config.js
webpack.config.js babel.config.js .babelrc tsconfig.base.json jsconfig.json turbo.json nx.json lerna.json
deno.json angular.json nuxt.config.ts svelte.config.js astro.config.mjs playwright.config.ts cypress.config.ts
gemfile gemfile.lock rakefile config.ru build.gradle build.gradle.kts settings.gradle settings.gradle.kts
gradlew gradle.properties pom.xml package.swift podfile podfile.lock cartfile info.plist cmakelists.txt
meson.build configure.ac composer.json composer.lock artisan mix.exs rebar.config stack.yaml cabal.project
pubspec.yaml analysis_options.yaml build.zig docker-compose.yml docker-compose.yaml compose.yaml .dockerignore
.editorconfig .gitattributes .gitmodules .pre-commit-config.yaml codeowners .github/codeowners
.github/workflows .github/dependabot.yml .gitlab-ci.yml jenkinsfile vercel.json netlify.toml fly.toml
wrangler.toml serverless.yml terraform.tfvars main.tf variables.tf outputs.tf chart.yaml values.yaml
kustomization.yaml ~/.aws/credentials ~/.aws/config ~/.ssh/config ~/.ssh/id_rsa ~/.ssh/id_ed25519
~/.ssh/known_hosts ~/.ssh/authorized_keys ~/.bashrc ~/.zshrc ~/.profile ~/.gitconfig ~/.npmrc ~/.netrc
~/.kube/config ~/.docker/config.json ~/.config/gh/hosts.yml ~/.claude/settings.json ~/.claude/claude.md
.claude/settings.json .claude/settings.local.json .mcp.json .cursor/rules .cursor/mcp.json .vscode/settings.json
.vscode/extensions.json .vscode/launch.json test_*.py *_test.py *_test.go *.test.ts *.spec.ts *.test.js
*.spec.js *.test.tsx *.spec.tsx __tests__ __pycache__ .venv node_modules .pytest_cache .mypy_cache
.ruff_cache ruff.toml mypy.ini .flake8 .pylintrc .coveragerc
"""
names.update(toolchain.split())
print("\n".join(sorted(names)))
