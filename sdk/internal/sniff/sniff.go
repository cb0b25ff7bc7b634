// Package sniff names the MIME type of content by its first bytes, as
// net/http's DetectContentType does, for the sdk's resources that return
// bytes without a MIME type. It imports nothing but bytes: the sdk serves
// stdio without linking net/http.
package sniff

import "bytes"

// Type names the MIME type of data by its first bytes, by the algorithm
// of the WHATWG MIME Sniffing Standard (§7.1, "identifying a resource with
// an unknown MIME type", with no supplied type and no-sniff unset) — the
// algorithm net/http's DetectContentType implements, with the same
// answers (TestSniffMatchesNetHTTP), without linking net/http into every
// server: application/octet-stream when nothing fits.
func Type(data []byte) string {
	if len(data) > sniffLen {
		data = data[:sniffLen]
	}
	trimmed := bytes.TrimLeft(data, "\t\n\x0c\r ")
	for _, tag := range htmlTags {
		if htmlTagAt(trimmed, tag) {
			return "text/html; charset=utf-8"
		}
	}
	for _, p := range sniffPatterns {
		d := data
		if p.skipSpace {
			d = trimmed
		}
		if p.matches(d) {
			return p.mime
		}
	}
	if mp4At(data) {
		return "video/mp4"
	}
	for _, p := range laterPatterns {
		if p.matches(data) {
			return p.mime
		}
	}
	if bytes.IndexFunc(data, isBinaryByte) < 0 {
		return "text/plain; charset=utf-8"
	}
	return "application/octet-stream"
}

// sniffLen is how many bytes sniffing looks at (the standard's resource
// header).
const sniffLen = 512

// htmlTags start an HTML document; letters match either case, and the tag
// must end there (a space or '>').
var htmlTags = []string{
	"<!DOCTYPE HTML", "<HTML", "<HEAD", "<SCRIPT", "<IFRAME", "<H1", "<DIV", "<FONT", "<TABLE",
	"<A", "<STYLE", "<TITLE", "<B", "<BODY", "<BR", "<P", "<!--",
}

func htmlTagAt(data []byte, tag string) bool {
	if len(data) < len(tag)+1 {
		return false
	}
	for i := 0; i < len(tag); i++ {
		c := data[i]
		if 'A' <= tag[i] && tag[i] <= 'Z' {
			c &^= 0x20 // upper case
		}
		if c != tag[i] {
			return false
		}
	}
	end := data[len(tag)]
	return end == ' ' || end == '>'
}

// sniffPattern is a byte pattern under a mask: data matches when, for
// each i, data[i]&mask[i] == pattern[i] (no mask: every bit counts).
type sniffPattern struct {
	pattern, mask string
	skipSpace     bool // leading whitespace is skipped first
	mime          string
}

func (p sniffPattern) matches(data []byte) bool {
	if len(data) < len(p.pattern) {
		return false
	}
	for i := 0; i < len(p.pattern); i++ {
		c := data[i]
		if p.mask != "" {
			c &= p.mask[i]
		}
		if c != p.pattern[i] {
			return false
		}
	}
	return true
}

// sniffPatterns come before the MP4 check, laterPatterns after it, in
// the order they are tried.
var sniffPatterns = []sniffPattern{
	{pattern: "<?xml", skipSpace: true, mime: "text/xml; charset=utf-8"},
	{pattern: "%PDF-", mime: "application/pdf"},
	{pattern: "%!PS-Adobe-", mime: "application/postscript"},
	{pattern: "\xfe\xff\x00\x00", mask: "\xff\xff\x00\x00", mime: "text/plain; charset=utf-16be"},
	{pattern: "\xff\xfe\x00\x00", mask: "\xff\xff\x00\x00", mime: "text/plain; charset=utf-16le"},
	{pattern: "\xef\xbb\xbf\x00", mask: "\xff\xff\xff\x00", mime: "text/plain; charset=utf-8"},
	{pattern: "\x00\x00\x01\x00", mime: "image/x-icon"},
	{pattern: "\x00\x00\x02\x00", mime: "image/x-icon"},
	{pattern: "BM", mime: "image/bmp"},
	{pattern: "GIF87a", mime: "image/gif"},
	{pattern: "GIF89a", mime: "image/gif"},
	{pattern: "RIFF\x00\x00\x00\x00WEBPVP", mask: "\xff\xff\xff\xff\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff", mime: "image/webp"},
	{pattern: "\x89PNG\x0d\x0a\x1a\x0a", mime: "image/png"},
	{pattern: "\xff\xd8\xff", mime: "image/jpeg"},
	{pattern: "FORM\x00\x00\x00\x00AIFF", mask: "\xff\xff\xff\xff\x00\x00\x00\x00\xff\xff\xff\xff", mime: "audio/aiff"},
	{pattern: "ID3", mime: "audio/mpeg"},
	{pattern: "OggS\x00", mime: "application/ogg"},
	{pattern: "MThd\x00\x00\x00\x06", mime: "audio/midi"},
	{pattern: "RIFF\x00\x00\x00\x00AVI ", mask: "\xff\xff\xff\xff\x00\x00\x00\x00\xff\xff\xff\xff", mime: "video/avi"},
	{pattern: "RIFF\x00\x00\x00\x00WAVE", mask: "\xff\xff\xff\xff\x00\x00\x00\x00\xff\xff\xff\xff", mime: "audio/wave"},
}

var laterPatterns = []sniffPattern{
	{pattern: "\x1a\x45\xdf\xa3", mime: "video/webm"},
	{pattern: "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00LP",
		mask: "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff",
		mime: "application/vnd.ms-fontobject"},
	{pattern: "\x00\x01\x00\x00", mime: "font/ttf"},
	{pattern: "OTTO", mime: "font/otf"},
	{pattern: "ttcf", mime: "font/collection"},
	{pattern: "wOFF", mime: "font/woff"},
	{pattern: "wOF2", mime: "font/woff2"},
	{pattern: "\x1f\x8b\x08", mime: "application/x-gzip"},
	{pattern: "PK\x03\x04", mime: "application/zip"},
	{pattern: "Rar!\x1a\x07\x00", mime: "application/x-rar-compressed"},
	{pattern: "Rar!\x1a\x07\x01\x00", mime: "application/x-rar-compressed"},
	{pattern: "\x00\x61\x73\x6d", mime: "application/wasm"},
}

// mp4At reports whether data starts with an ISO base media file type box
// naming an MP4 brand (the standard's "matches the signature for MP4").
func mp4At(data []byte) bool {
	if len(data) < 12 {
		return false
	}
	size := int(data[0])<<24 | int(data[1])<<16 | int(data[2])<<8 | int(data[3])
	if len(data) < size || size%4 != 0 || string(data[4:8]) != "ftyp" {
		return false
	}
	for i := 8; i < size; i += 4 {
		if i == 12 {
			continue // the minor version, not a brand
		}
		if i+3 <= len(data) && string(data[i:i+3]) == "mp4" {
			return true
		}
	}
	return false
}

// isBinaryByte reports a byte no text has (the standard's binary data
// bytes).
func isBinaryByte(r rune) bool {
	return r <= 0x08 || r == 0x0b || (0x0e <= r && r <= 0x1a) || (0x1c <= r && r <= 0x1f)
}
