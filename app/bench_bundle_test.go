package app_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"testing"

	"sellerhub/static"
)

// chunkImport finds the chunks an ES module imports at load.
var chunkImport = regexp.MustCompile(`(?:from|import)"\./([^"]+\.js)"`)

// TestLoadReportTableBundle prints, for `make bench`, what the table island costs a page on the wire: its entry
// and the chunks it imports at load, gzip-compressed, without React (the chunk carrying React's production build,
// recognised by its "Minified React error" messages, which every island page shares). Target: at most 25 KB.
func TestLoadReportTableBundle(t *testing.T) {
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 (make bench) to print the load report")
	}
	assets, err := static.LoadManifest()
	if err != nil || assets.URL("table.js") == "" {
		t.Fatalf("assets not built (npm run build): %v", err)
	}
	files := static.FS()
	seen := map[string]bool{}
	var own, react int
	var walk func(name string)
	walk = func(name string) {
		if seen[name] {
			return
		}
		seen[name] = true
		b, err := fs.ReadFile(files, "dist/"+name)
		if err != nil {
			t.Fatal(err)
		}
		size := gzipped(b)
		if bytes.Contains(b, []byte("Minified React error")) {
			react += size
			fmt.Printf("   %-28s %6d B gzip (React, shared)\n", name, size)
		} else {
			own += size
			fmt.Printf("   %-28s %6d B gzip\n", name, size)
		}
		for _, m := range chunkImport.FindAllSubmatch(b, -1) {
			walk(string(m[1]))
		}
	}
	fmt.Println("== table island bundle, gzip, React excluded (target: at most 25 KB)")
	walk(strings.TrimPrefix(assets.URL("table.js"), "/static/dist/"))
	fmt.Printf("   total without React %d B (%.1f KB); React %d B\n", own, float64(own)/1024, react)
	benchWeight(t, "table island bundle, gzip, without React", own, 25)
}

func gzipped(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Len()
}
