package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
)

const endpoint = "https://api.anthropic.com/v1/messages"

func main() {
	key := os.Getenv("ANTHROPIC_API_KEY")
	if key == "" {
		fmt.Fprintln(os.Stderr, "ANTHROPIC_API_KEY not set")
		os.Exit(1)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		panic(err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c struct{ ID, Prompt string }
		if json.Unmarshal(sc.Bytes(), &c) != nil {
			continue
		}
		body, _ := json.Marshal(map[string]any{
			"model": "claude-3-5-haiku-latest", "max_tokens": 512,
			"messages": []map[string]string{{"role": "user", "content": c.Prompt}},
		})
		req, _ := http.NewRequest("POST", endpoint, bytes.NewReader(body))
		req.Header.Set("x-api-key", key)
		req.Header.Set("anthropic-version", "2023-06-01")
		req.Header.Set("content-type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			continue
		}
		out, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("{\"id\":%q,\"response\":%s}\n", c.ID, out)
	}
}
