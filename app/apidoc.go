package app

import (
	"sync"

	"sellerhub/app/api/apidoc"
	"sellerhub/app/pages"
)

// apiDocOptions are what the API's description takes from the application: the error handler's own
// classification (so the document's error codes are the ones answered) and the screens' titles.
func apiDocOptions() apidoc.Options {
	titles := map[string]string{}
	for _, r := range pages.TabRoutes() {
		titles[r.Path] = r.Title
	}
	return apidoc.Options{
		Classify: func(err error) (int, string, string) {
			f := classify(err)
			return f.status, f.code, f.msg
		},
		ScreenTitle: func(path string) string { return titles[path] },
		Version:     "v1",
	}
}

// apiDocument builds the description once, at its first reading: after every route is registered.
func apiDocument(docs *apidoc.Table) func() *apidoc.Document {
	return sync.OnceValue(func() *apidoc.Document { return apidoc.Build(docs, apiDocOptions()) })
}
