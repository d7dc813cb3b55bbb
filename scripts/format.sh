#!/usr/bin/env bash
# Formats every Swift file in place with the toolchain's swift-format and .swift-format.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format format --in-place --parallel --recursive Package.swift Sources Tests bench/Sources bench/Package.swift
