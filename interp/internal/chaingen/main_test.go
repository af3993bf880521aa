package main

import (
	"bytes"
	"os"
	"testing"
)

// TestGeneratedWalksUpToDate checks that interp/internal/accel/chain_walks.go
// is what the template writes (go generate there after editing either).
func TestGeneratedWalksUpToDate(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../accel/chain_walks.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("interp/internal/accel/chain_walks.go is not what internal/chaingen writes: run go generate in interp/internal/accel")
	}
}
