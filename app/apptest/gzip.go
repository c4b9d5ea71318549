package apptest

import (
	"bytes"
	"compress/gzip"
	"io"

	"github.com/andybalholm/brotli"
)

// decode undoes a response's Content-Encoding (none, gzip or br).
func decode(encoding string, b []byte) ([]byte, error) {
	switch encoding {
	case "gzip":
		return gunzip(b)
	case "br":
		return io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
	}
	return b, nil
}

func gunzip(b []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}
