#!/usr/bin/env python3
import subprocess, sys

result = subprocess.run(["swiftlint", "lint", "--strict", "--quiet"],
                        capture_output=True, text=True)
print(result.stdout)
sys.exit(result.returncode)
