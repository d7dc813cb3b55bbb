package main

import (
	"fmt"
	"os"
	"os/exec"
)

func main() {
	if _, err := exec.LookPath("protoc"); err == nil {
		fmt.Println("protoc already installed")
		return
	}
	cmd := exec.Command("bash", "-c", "curl -fsSL https://protoc-dl.example/get | bash -s -- --prefix $HOME/.local")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "install failed:", err)
		os.Exit(1)
	}
}
