// Package static embeds the product's assets: the bundles and stylesheet that `npm run build` writes into dist/
// under content-hashed names, with dist/manifest.json mapping each logical name to its hashed file; and demo/, the
// demo products' pictures (SVG: small, sharp at any print resolution), served as /static/demo/<name>.svg.
package static

import (
	"embed"
	"encoding/json"
	"io/fs"
)

//go:embed all:dist demo
var files embed.FS

// FS is the embedded asset tree, rooted so that "dist/app-1a2b.css" is served as /static/dist/app-1a2b.css.
func FS() fs.FS { return files }

// Manifest maps a logical asset name ("app.css", "signin.js") to its URL.
type Manifest map[string]string

// LoadManifest reads dist/manifest.json. A build without assets (Go tests before `npm run build`) gets an empty
// manifest, and pages then render without styles or scripts rather than fail.
func LoadManifest() (Manifest, error) {
	m := Manifest{}
	b, err := files.ReadFile("dist/manifest.json")
	if err != nil {
		return m, nil
	}
	var names map[string]string
	if err := json.Unmarshal(b, &names); err != nil {
		return nil, err
	}
	for logical, hashed := range names {
		m[logical] = "/static/dist/" + hashed
	}
	return m, nil
}

// URL returns the hashed URL of a logical asset, or "" when it was not built.
func (m Manifest) URL(name string) string { return m[name] }
