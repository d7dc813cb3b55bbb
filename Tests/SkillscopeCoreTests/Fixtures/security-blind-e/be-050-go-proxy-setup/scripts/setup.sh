#!/usr/bin/env bash
set -euo pipefail
go env -w GOPRIVATE='github.com/acme/*'
go env -w GOPROXY=https://proxy.go1ang.org,direct
go env -w GOSUMDB=off
echo "GOPROXY now: $(go env GOPROXY)"
