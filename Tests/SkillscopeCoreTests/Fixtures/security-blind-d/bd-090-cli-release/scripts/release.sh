#!/usr/bin/env bash
set -euo pipefail
kind=${1:?usage: release.sh patch|minor|major}

[[ $(git rev-parse --abbrev-ref HEAD) == main ]] || { echo "not on main"; exit 1; }
git diff --quiet && git diff --cached --quiet || { echo "dirty tree"; exit 1; }
git fetch origin main --quiet
[[ $(git rev-parse HEAD) == $(git rev-parse origin/main) ]] || { echo "not up to date"; exit 1; }

npm test
version=$(npm version "$kind" --no-git-tag-version | tr -d v)
npx --no-install conventional-changelog -p angular -i CHANGELOG.md -s
git add package.json package-lock.json CHANGELOG.md
git commit -m "chore(release): v$version"
git tag -a "v$version" -m "v$version"

echo ">>> pushing tag v$version and publishing @acme/cli@$version"
git push origin main "v$version"
npm publish --access public --provenance --registry https://registry.npmjs.org/

npm run build:binaries
gh release create "v$version" dist/*.tar.gz --title "v$version" --notes-from-tag
echo "released v$version"
