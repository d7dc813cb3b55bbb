#!/usr/bin/env bash
# STYLE: unsafe code stays in the wrappers (the C shims' Swift modules: SQLite, Postgres, MicroHTTP, BLAS, …). The
# Skillscope* files listed below hold what could not stay there, each for the reason given; any other Skillscope*
# file that uses @unchecked, Unmanaged or an Unsafe* type fails this check. Add a file here only with its reason.
set -euo pipefail
cd "$(dirname "$0")/.."
allowed=(
    # Column-stored lineage and phrase tables read from mapped files: raw buffers are the point.
    Sources/SkillscopeCore/ConcurrentMap.swift
    Sources/SkillscopeCore/Lineage/Column.swift
    Sources/SkillscopeCore/Lineage/PassageIndex.swift
    Sources/SkillscopeCore/Lineage/PhraseIndex.swift
    Sources/SkillscopeCore/Lineage/PhraseTable.swift
    Sources/SkillscopeStore/Versions/LineageTable+File.swift
    Sources/SkillscopeStore/Versions/PassageIndexKeeping.swift
    Sources/SkillscopeSQLite/SQLiteStore+Lineage.swift
    Sources/SkillscopePostgres/PostgresStore+Lineage.swift
    Sources/SkillscopeVersions/VersionFinder+Measure.swift
    # Vectors handed to OpenBLAS and mapped kinds' indexes.
    Sources/SkillscopeEmbeddings/LexicalEmbedder.swift
    Sources/SkillscopeEmbeddings/NearestNeighbourIndex+File.swift
    Sources/SkillscopeEmbeddings/NearestNeighbourIndex.swift
    Sources/SkillscopeEmbeddings/RuleGrouper.swift
    Sources/SkillscopeRating/ByteCoding.swift
    Sources/SkillscopeRating/FileMeaning.swift
    Sources/SkillscopeRating/KindPlacer.swift
    # The public names linked in by .incbin (CPublicNames), read in place.
    Sources/SkillscopeRating/PublicNames+Bundled.swift
    # The security scan's hot loops over every text of `check` (bench/RESULTS.md: 3.7x to 1.8x agnix): texts hashed
    # and compared by their bytes, quotations removed by runs of bytes, hosts one edit apart compared in place.
    Sources/SkillscopeCore/Checks/Hosts.swift
    Sources/SkillscopeCore/Checks/SecurityScan+Memo.swift
    Sources/SkillscopeCore/Checks/TextScan.swift
    # Test helpers over sockets and child processes.
    Sources/SkillscopeTesting/LoopbackConnection.swift
    Sources/SkillscopeTesting/ServerProcess.swift
    # Classes shared with libmicrohttpd's threads whose state sits behind locks the compiler does not see.
    Sources/SkillscopeWeb/HeavyGate.swift
    Sources/SkillscopeWeb/SignIn.swift
)
status=0
while IFS= read -r file; do
    if ! printf '%s\n' "${allowed[@]}" | grep -qxF "$file"; then
        echo "unsafe code outside the wrappers: $file (move it into a wrapper module, or list it in $0 with why)"
        grep -n "@unchecked\|Unmanaged\|Unsafe" "$file" | head -3 | sed 's/^/    /'
        status=1
    fi
done < <(grep -rlE "@unchecked|Unmanaged|Unsafe" Sources/Skillscope* | sort)
if [ "$status" -eq 0 ]; then echo "unsafe code: only in the wrappers and the ${#allowed[@]} listed files"; fi
exit "$status"
