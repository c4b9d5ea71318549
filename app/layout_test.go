package app_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// domainOrder is the one-way dependency order of the business domains (README, "Code layout"): a domain may
// import only the domains before it. The Amazon protocol clients come first: every domain may call Amazon, and
// they know nothing of the product; AliExpress's (速卖通店铺授权's OAuth) before them, as its stand-in is served by
// Amazon's stand-in process.
var domainOrder = []string{"aliexpress", "amazon", "core", "jobs", "accounts", "admin", "messages", "reference", "stores",
	"catalog", "stock", "shipping", "amazondata", "datasync", "finance", "purchase", "orders", "sales", "advertising", "profit", "onboarding",
	"claims", "pricing", "inventoryvalue", "alibaba"}

// handlerDirs are the folders under app/ that hold handlers and their test support, not business rules.
var handlerDirs = []string{"api", "pages", "middleware", "apptest"}

// maxMethods bounds a type's method set: past it, a domain is doing two jobs and should be cut in two.
const maxMethods = 60

// modelsSupport are the folders under models/ that hold no domain: the migrations, the seed and test support.
var modelsSupport = []string{"migrations", "seed", "dbtest", "fixtures"}

// packageFiles parses the non-test Go files of every package under root (app/ is "."), by folder relative to root.
func packageFiles(t *testing.T, root string) map[string][]*ast.File {
	t.Helper()
	fset := token.NewFileSet()
	out := map[string][]*ast.File{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		dir = filepath.ToSlash(dir)
		out[dir] = append(out[dir], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// domainOf names the domain a folder or an import path under app/ belongs to ("" for the app package itself).
func domainOf(rel string) string {
	if rel == "." || rel == "" {
		return ""
	}
	first, _, _ := strings.Cut(rel, "/")
	return first
}

// TestLayoutDomainsImportOnlyTheDomainsBeforeThem fails when a business package imports one later in the order, a
// handler package, echo or templ, or when a new package under app/ is placed in no order at all.
func TestLayoutDomainsImportOnlyTheDomainsBeforeThem(t *testing.T) {
	packages := packageFiles(t, ".")
	if len(packages) < len(domainOrder) {
		t.Fatalf("found %d packages under app/, expected at least the %d domains", len(packages), len(domainOrder))
	}
	checked := 0
	for dir, files := range packages {
		domain := domainOf(dir)
		if domain == "" || slices.Contains(handlerDirs, domain) {
			continue
		}
		rank := slices.Index(domainOrder, domain)
		if rank < 0 {
			t.Errorf("app/%s is in no place of the domain order: add it to domainOrder and the README's code layout", dir)
			continue
		}
		for _, f := range files {
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				name := f.Name.Name + " (app/" + dir + ")"
				switch {
				case strings.HasPrefix(path, "github.com/labstack/echo"), strings.HasPrefix(path, "github.com/a-h/templ"),
					path == "sellerhub/views":
					t.Errorf("%s imports %s: business rules know nothing of HTTP or templates", name, path)
				case path == "sellerhub/app":
					t.Errorf("%s imports the app package", name)
				case strings.HasPrefix(path, "sellerhub/app/"):
					to := domainOf(strings.TrimPrefix(path, "sellerhub/app/"))
					if to == domain {
						continue
					}
					if slices.Contains(handlerDirs, to) {
						t.Errorf("%s imports the handler package %s", name, path)
						continue
					}
					if r := slices.Index(domainOrder, to); r < 0 || r > rank {
						t.Errorf("%s imports %s, which comes after it in the domain order %v", name, path, domainOrder)
					}
				}
			}
		}
		checked++
	}
	t.Logf("%d business packages checked against the order %v", checked, domainOrder)
}

// TestLayoutModelsDomainsImportOnlyTheBaseAndTheDomainsBeforeThem holds the storage layer to the same order: a package
// under models/ is the base, its support, or a domain of domainOrder that imports only the base and the domains
// before it; the base imports no domain.
func TestLayoutModelsDomainsImportOnlyTheBaseAndTheDomainsBeforeThem(t *testing.T) {
	checked := 0
	for dir, files := range packageFiles(t, "../models") {
		if slices.Contains(modelsSupport, domainOf(dir)) {
			continue
		}
		rank := len(domainOrder) // the base
		if dir != "." {
			if rank = slices.Index(domainOrder, dir); rank < 0 {
				t.Errorf("models/%s is no domain of the order %v: name it like its app/ domain", dir, domainOrder)
				continue
			}
			checked++
		}
		for _, f := range files {
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				name := f.Name.Name + " (models/" + dir + ")"
				to, ok := strings.CutPrefix(path, "sellerhub/models/")
				switch {
				case strings.HasPrefix(path, "sellerhub/app"), path == "sellerhub/views":
					t.Errorf("%s imports %s: the storage layer knows nothing of the layers above it", name, path)
				case !ok || to == dir || to == "migrations":
				case dir == ".":
					t.Errorf("the base models package imports %s: a domain may import the base, not the reverse", path)
				case slices.Contains(modelsSupport, to):
					t.Errorf("%s imports %s, which is seed or test support", name, path)
				default:
					if r := slices.Index(domainOrder, to); r < 0 || r > rank {
						t.Errorf("%s imports %s, which comes after it in the domain order %v", name, path, domainOrder)
					}
				}
			}
		}
	}
	t.Logf("%d models domain packages checked against the order %v", checked, domainOrder)
}

// TestNoTypeHasTooManyMethods keeps the product's types small: a type of more than maxMethods methods, in any
// package of the module (the storage layer's handle included), fails.
func TestNoTypeHasTooManyMethods(t *testing.T) {
	largest, largestName := 0, ""
	for dir, files := range productFiles(t) {
		methods := map[string]int{}
		for _, f := range files {
			for _, decl := range f.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Recv == nil || len(fn.Recv.List) == 0 {
					continue
				}
				methods[receiverType(fn.Recv.List[0].Type)]++
			}
		}
		for typ, n := range methods {
			name := dir + "." + typ
			if n > maxMethods {
				t.Errorf("%s has %d methods (at most %d): cut it by what its callers use", name, n, maxMethods)
			}
			if n > largest {
				largest, largestName = n, name
			}
		}
	}
	t.Logf("largest method set: %s with %d", largestName, largest)
}

// productFiles parses the non-test Go files of every package of the module, by folder from the module's root;
// the front end's folders hold none of the product's Go.
func productFiles(t *testing.T) map[string][]*ast.File {
	t.Helper()
	out := map[string][]*ast.File{}
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	var roots []string
	for _, e := range entries {
		if e.IsDir() && !slices.Contains([]string{"node_modules", "islands", "static", ".git"}, e.Name()) {
			roots = append(roots, e.Name())
		}
	}
	for dir, files := range packageFiles(t, "..") {
		if first, _, _ := strings.Cut(dir, "/"); dir == "." || slices.Contains(roots, first) {
			out[dir] = files
		}
	}
	return out
}

func receiverType(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return receiverType(x.X)
	case *ast.IndexExpr:
		return receiverType(x.X)
	case *ast.Ident:
		return x.Name
	}
	return "?"
}

// The order in the README is the one this test holds: a reader of either finds the same list.
func TestReadmeStatesTheDomainOrder(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Join(domainOrder, " <- "); !strings.Contains(string(readme), want) {
		t.Errorf("README.md does not state the domain order %q", want)
	}
}

// TestLayoutRoutesHaveLiteralPaths keeps app/routes.go searchable: every route registered by GET, POST, PUT or
// DELETE names its path as one string literal, so a search for a URL finds its line (README, "Code layout"); a
// loop or a concatenation building paths fails.
func TestLayoutRoutesHaveLiteralPaths(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "routes.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	routes := 0
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || !slices.Contains([]string{"GET", "POST", "PUT", "DELETE"}, sel.Sel.Name) {
			return true
		}
		routes++
		if lit, ok := call.Args[0].(*ast.BasicLit); !ok || lit.Kind != token.STRING {
			t.Errorf("routes.go:%d registers a route whose path is not a string literal: write it out",
				fset.Position(call.Pos()).Line)
		}
		return true
	})
	if routes < 100 {
		t.Fatalf("found %d routes in routes.go: the test no longer sees the route table", routes)
	}
	t.Logf("%d routes checked", routes)
}
