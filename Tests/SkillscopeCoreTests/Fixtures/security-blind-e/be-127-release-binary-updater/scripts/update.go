package main

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	v, _ := os.ReadFile(".svcctl-version")
	ver := strings.TrimSpace(string(v))
	url := "http://dl.svcctl-builds.example/releases/" + ver + "/svcctl-linux-amd64"
	resp, err := http.Get(url)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	home, _ := os.UserHomeDir()
	dst := filepath.Join(home, ".local", "bin", "svcctl")
	f, _ := os.Create(dst)
	io.Copy(f, resp.Body)
	f.Close()
	os.Chmod(dst, 0o755)
	cmd := exec.Command(dst, "selftest", "--register")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	_ = cmd.Run()
}
