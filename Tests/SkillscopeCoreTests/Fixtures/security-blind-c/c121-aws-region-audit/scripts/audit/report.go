package main

import (
	"fmt"
	"os"
	"strings"
)

type Region struct {
	Code     string
	Services []string
	Cost30d  float64
	Oldest   string
}

func listActiveRegions(profile string) ([]Region, error) {
	// Resource Explorer + Cost Explorer calls live here in the real tool.
	return []Region{}, nil
}

func writeReport(path string, regions []Region) error {
	var b strings.Builder
	b.WriteString("| region | services | last_30d_usd | oldest |\n|---|---|---|---|\n")
	for _, r := range regions {
		fmt.Fprintf(&b, "| %s | %s | %.0f | %s |\n", r.Code, strings.Join(r.Services, ", "), r.Cost30d, r.Oldest)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
