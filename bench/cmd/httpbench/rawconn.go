package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	neturl "net/url"
	"sort"
	"strconv"
)

// rawClient: drive the servers over plain keep-alive connections, one per
// client, instead of net/http's Transport (which hands every request
// between goroutines and costs the load generator about as much CPU per
// call as the fastest server: the servers would not be measured). Calls
// are written from a buffer made once and their responses read by hand
// (rawConn.call); the handshake goes through http.ReadResponse (post).
var rawClient = true

// rawConn is one client's keep-alive connection.
type rawConn struct {
	conn net.Conn
	br   *bufio.Reader
	host string
	path string
	buf  bytes.Buffer
	// head is the request line and headers of every call but
	// Content-Length (setHeaders); req and body are reused per call.
	head []byte
	req  []byte
	body []byte
}

func dialRaw(rawURL string) (*rawConn, error) {
	u, err := neturl.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		return nil, err
	}
	return &rawConn{conn: conn, br: bufio.NewReaderSize(conn, 16<<10), host: u.Host, path: u.Path}, nil
}

func (rc *rawConn) close() { rc.conn.Close() }

// writeHead writes the request line and headers, all but Content-Length.
func (rc *rawConn) writeHead(b *bytes.Buffer, h map[string]string) {
	fmt.Fprintf(b, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n", rc.path, rc.host)
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(b, "%s: %s\r\n", k, h[k])
	}
}

// post sends one request and reads the whole response (JSON, or an SSE
// stream the server ends) with http.ReadResponse.
func (rc *rawConn) post(_ string, h map[string]string, body string) (string, http.Header, error) {
	rc.buf.Reset()
	rc.writeHead(&rc.buf, h)
	fmt.Fprintf(&rc.buf, "Content-Length: %d\r\n\r\n%s", len(body), body)
	if _, err := rc.conn.Write(rc.buf.Bytes()); err != nil {
		return "", nil, err
	}
	resp, err := http.ReadResponse(rc.br, nil)
	if err == nil && resp.Close {
		resp.Body.Close()
		return "", nil, errClosed
	}
	return readBody(resp, err)
}

var errClosed = errors.New("server closed the keep-alive connection")

// setHeaders fixes the headers of every following call.
func (rc *rawConn) setHeaders(h map[string]string) {
	var b bytes.Buffer
	rc.writeHead(&b, h)
	rc.head = b.Bytes()
}

// call sends one request with the headers of setHeaders and returns the
// body of its 2xx response, valid until the next call.
func (rc *rawConn) call(body []byte) ([]byte, error) {
	status, closing, err := rc.exchange(body)
	switch {
	case err != nil:
		return nil, err
	case status/100 != 2:
		return nil, fmt.Errorf("HTTP %d: %s", status, rc.body)
	case closing:
		return nil, errClosed
	}
	return rc.body, nil
}

// exchange sends one request with the headers of setHeaders and reads its
// response, whatever the status, into rc.body. The response is read by
// hand: the status line, Content-Length or chunked Transfer-Encoding (an
// SSE answer), Connection: close (closing).
func (rc *rawConn) exchange(body []byte) (status int, closing bool, err error) {
	req := append(rc.req[:0], rc.head...)
	req = append(req, "Content-Length: "...)
	req = strconv.AppendInt(req, int64(len(body)), 10)
	req = append(req, "\r\n\r\n"...)
	req = append(req, body...)
	rc.req = req
	if _, err := rc.conn.Write(req); err != nil {
		return 0, false, err
	}
	status, length, chunked, closing, err := rc.readHead()
	if err != nil {
		return 0, false, err
	}
	if chunked {
		err = rc.readChunked()
	} else if length >= 0 {
		rc.body = append(rc.body[:0], make([]byte, length)...)
		_, err = io.ReadFull(rc.br, rc.body)
	} else {
		err = errors.New("response without a length")
	}
	return status, closing, err
}

// readHead reads the status line and headers of a response.
func (rc *rawConn) readHead() (status, length int, chunked, closing bool, err error) {
	line, err := rc.br.ReadSlice('\n')
	if err != nil {
		return 0, 0, false, false, err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
		return 0, 0, false, false, fmt.Errorf("bad status line %q", line)
	}
	status = atoi(line[9:12])
	length = -1
	for {
		if line, err = rc.br.ReadSlice('\n'); err != nil {
			return 0, 0, false, false, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			return status, length, chunked, closing, nil
		}
		k, v, _ := bytes.Cut(line, []byte(":"))
		v = bytes.TrimSpace(v)
		switch {
		case bytes.EqualFold(k, []byte("Content-Length")):
			length = atoi(v)
		case bytes.EqualFold(k, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(v, []byte("chunked"))
		case bytes.EqualFold(k, []byte("Connection")):
			closing = bytes.EqualFold(v, []byte("close"))
		}
	}
}

// readChunked reads a chunked body into rc.body, and its end.
func (rc *rawConn) readChunked() error {
	rc.body = rc.body[:0]
	for {
		line, err := rc.br.ReadSlice('\n')
		if err != nil {
			return err
		}
		size, ok := hexSize(bytes.TrimRight(line, "\r\n"))
		if !ok {
			return fmt.Errorf("bad chunk size line %q", line)
		}
		if size == 0 {
			for { // trailer, up to the empty line
				if line, err = rc.br.ReadSlice('\n'); err != nil || len(bytes.TrimRight(line, "\r\n")) == 0 {
					return err
				}
			}
		}
		n := len(rc.body)
		rc.body = append(rc.body, make([]byte, size+2)...)
		if _, err := io.ReadFull(rc.br, rc.body[n:]); err != nil {
			return err
		}
		rc.body = rc.body[:n+size] // without the chunk's CRLF
	}
}

// hexSize reads a chunk size (extensions after ';' ignored).
func hexSize(b []byte) (int, bool) {
	if i := bytes.IndexByte(b, ';'); i >= 0 {
		b = b[:i]
	}
	b = bytes.TrimSpace(b)
	if len(b) == 0 || len(b) > 8 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			n = n<<4 | int(c-'0')
		case 'a' <= c && c <= 'f':
			n = n<<4 | int(c-'a'+10)
		case 'A' <= c && c <= 'F':
			n = n<<4 | int(c-'A'+10)
		default:
			return 0, false
		}
	}
	return n, true
}

// atoi reads a non-negative decimal; -1 when b is not one.
func atoi(b []byte) int {
	if len(b) == 0 {
		return -1
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}
