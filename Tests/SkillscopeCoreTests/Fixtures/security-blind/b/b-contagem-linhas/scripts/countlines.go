//go:build ignore

// countlines.go: conta linhas de código, comentários e linhas em branco por linguagem.
package main

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

var langs = map[string]struct {
	name    string
	comment string
}{
	".go":   {"Go", "//"},
	".ts":   {"TypeScript", "//"},
	".tsx":  {"TypeScript", "//"},
	".js":   {"JavaScript", "//"},
	".py":   {"Python", "#"},
	".sql":  {"SQL", "--"},
	".sh":   {"Shell", "#"},
	".yaml": {"YAML", "#"},
	".yml":  {"YAML", "#"},
}

var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, "dist": true, "build": true}

type stats struct{ files, code, comments, blank int }

func main() {
	root := "."
	if len(os.Args) > 1 {
		root = os.Args[1]
	}
	totals := map[string]*stats{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if skipDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		lang, ok := langs[strings.ToLower(filepath.Ext(p))]
		if !ok {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return nil
		}
		defer f.Close()
		s := totals[lang.name]
		if s == nil {
			s = &stats{}
			totals[lang.name] = s
		}
		s.files++
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1024*1024), 1024*1024)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			switch {
			case line == "":
				s.blank++
			case strings.HasPrefix(line, lang.comment):
				s.comments++
			default:
				s.code++
			}
		}
		return nil
	})

	names := make([]string, 0, len(totals))
	for n := range totals {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return totals[names[i]].code > totals[names[j]].code })
	fmt.Printf("%-11s %8s %8s %13s %11s\n", "linguagem", "arquivos", "código", "comentários", "em branco")
	for _, n := range names {
		s := totals[n]
		fmt.Printf("%-11s %8d %8d %13d %11d\n", n, s.files, s.code, s.comments, s.blank)
	}
}
