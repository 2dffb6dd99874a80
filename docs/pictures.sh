#!/usr/bin/env bash
# Draws the documentation's pictures: runs every command of
# docs/pictures.txt from the repository's root, with polytile built from
# this clone, each writing one picture into docs/. go generate ./... runs
# it; TestDocPictures (cmd/polytile) checks the pictures against the list.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/polytile" ./cmd/polytile
PATH="$bin:$PATH"
while IFS= read -r line; do
  case "$line" in
  '' | '#'*) continue ;;
  esac
  echo "$line"
  eval "$line" >/dev/null
done <docs/pictures.txt
