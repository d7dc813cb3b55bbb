#!/usr/bin/env bash
set -euo pipefail
level="${1:?usage: release.sh patch|minor|major}"

[ "$(git branch --show-current)" = "main" ] || { echo "not on main"; exit 1; }
[ -z "$(git status --porcelain)" ] || { echo "working tree not clean"; exit 1; }

npm run lint
npm test
npm run build

version="$(npm version "$level" --no-git-tag-version)"
node scripts/changelog.mjs "$version"
git commit -am "release: $version"
git tag -a "$version" -m "$version"

read -r -p "Push and publish $version? [y/N] " ok
[ "$ok" = "y" ] || { echo "aborted; undo with: git reset --hard HEAD~1 && git tag -d $version"; exit 1; }

git push origin main --follow-tags
npm publish --provenance --access public --registry https://registry.npmjs.org/
gh release create "$version" --notes-file .release-notes.md
echo "released $version"
