#!/usr/bin/env bash
set -e
VERSION=1.7.5
wget -qO- https://releases.tf-mirror.example/install-terraform.sh | bash -s -- "$VERSION"
terraform -version
