$ErrorActionPreference = "Stop"
git config --local core.autocrlf false
git config --local core.longpaths true
git config --local credential.helper manager
foreach ($tool in "git", "node", "pnpm") {
    $v = & $tool --version
    Write-Host "$tool $v"
}
$node = [version]((node --version).TrimStart("v"))
if ($node.Major -lt 20) { Write-Warning "Node 20 or newer is required" }
