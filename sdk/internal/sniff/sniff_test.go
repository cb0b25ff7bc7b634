package sniff

import (
	"math/rand/v2"
	"net/http"
	"testing"
)

// sniffSeeds start like every kind of file sniffing tells apart, and like
// near misses of them.
var sniffSeeds = []string{
	"", "hello", " \n<html>", "<HTML ", "<!doctype html>", "<!DOCTYPE HTMLx", "<p>", "<b", "<br>", "<!-- x", "\t<?xml version",
	"%PDF-1.4", "%!PS-Adobe-3.0", "\xfe\xff\x00x", "\xff\xfe", "\xef\xbb\xbfhi", "\x00\x00\x01\x00", "\x00\x00\x02\x00", "BMx",
	"GIF87a", "GIF89a", "RIFF1234WEBPVP8 ", "\x89PNG\r\n\x1a\n", "\xff\xd8\xff\xe0", ".snd", "FORM1234AIFF", "ID3\x03",
	"OggS\x00", "MThd\x00\x00\x00\x06", "RIFF1234AVI ", "RIFF1234WAVE", "\x1a\x45\xdf\xa3",
	"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp41isom", "\x00\x00\x00\x1cftypisom\x00\x00\x02\x00isomiso2mp41",
	"\x00\x00\x00\x10ftypisom\x00\x00\x00\x00", "\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00mp4x",
	"0123456789012345678901234567890123LP", "\x00\x01\x00\x00", "OTTO", "ttcf", "wOFF", "wOF2", "\x1f\x8b\x08",
	"PK\x03\x04", "Rar!\x1a\x07\x00", "Rar!\x1a\x07\x01\x00", "\x00asm", "text\x00", "a\x1bb", "caf\xc3\xa9", "\xff\xff",
}

// Type answers as net/http's DetectContentType, which it replaces, on
// every kind of file and on random bytes built from their pieces.
func TestSniffMatchesNetHTTP(t *testing.T) {
	for _, s := range sniffSeeds {
		if got, want := Type([]byte(s)), http.DetectContentType([]byte(s)); got != want {
			t.Errorf("Type(%q) = %q, net/http %q", s, got, want)
		}
	}
	r := rand.New(rand.NewPCG(19, 20))
	for range 100000 {
		data := randomSniffInput(r)
		if got, want := Type(data), http.DetectContentType(data); got != want {
			t.Fatalf("Type(%q) = %q, net/http %q", data, got, want)
		}
	}
}

func FuzzSniff(f *testing.F) {
	for _, s := range sniffSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := Type(data), http.DetectContentType(data); got != want {
			t.Fatalf("Type(%q) = %q, net/http %q", data, got, want)
		}
	})
}

// randomSniffInput is a seed, cut short or changed in a byte, with random
// bytes after it; sometimes long, past what sniffing looks at.
func randomSniffInput(r *rand.Rand) []byte {
	data := []byte(sniffSeeds[r.IntN(len(sniffSeeds))])
	if len(data) > 0 && r.IntN(3) == 0 {
		data = data[:r.IntN(len(data))]
	}
	if len(data) > 0 && r.IntN(3) == 0 {
		data[r.IntN(len(data))] = byte(r.IntN(256))
	}
	tail := "abc <>\x00\x1b\t\n\xff"
	for range r.IntN(8) {
		data = append(data, tail[r.IntN(len(tail))])
	}
	if r.IntN(20) == 0 {
		for len(data) < 600 {
			data = append(data, 'x')
		}
		data = append(data, 0)
	}
	return data
}
