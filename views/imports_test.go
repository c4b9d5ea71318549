package views_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestViewsImportNothingOfApp: views renders the plain structs its handlers fill and knows nothing of the
// domains, services or handlers under app/ (README, "Code layout"). A non-test Go file of views (the generated
// *_templ.go ones included, which carry the .templ files' imports) that imports a path under sellerhub/app fails.
func TestViewsImportNothingOfApp(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "sellerhub/app" || strings.HasPrefix(path, "sellerhub/app/") {
				t.Errorf("views/%s imports %s: give the page a view model in views and let its handler fill it", name, path)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("found no Go files in views")
	}
	t.Logf("%d files of views checked", checked)
}
