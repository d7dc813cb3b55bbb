package main

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
)

const (
	version = "27.2"
	url     = "https://github.com/protocolbuffers/protobuf/releases/download/v" + version + "/protoc-" + version + "-linux-x86_64.zip"
	// pinned checksum (placeholder value for this example repository)
	want = "0000000000000000000000000000000000000000000000000000000000000000"
)

func main() {
	resp, err := http.Get(url)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	sum := sha256.Sum256(data)
	if hex.EncodeToString(sum[:]) != want {
		fmt.Fprintln(os.Stderr, "checksum mismatch; refusing to install")
		os.Exit(1)
	}
	zr, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	for _, f := range zr.File {
		if f.Name == "bin/protoc" {
			rc, _ := f.Open()
			os.MkdirAll("bin", 0o755)
			out, _ := os.OpenFile("bin/protoc", os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
			io.Copy(out, rc)
			out.Close()
			rc.Close()
		}
	}
	fmt.Println("installed bin/protoc", version)
}
