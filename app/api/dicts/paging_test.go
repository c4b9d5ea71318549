package dicts_test

import (
	"fmt"
	"slices"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

// dict-items/page keeps its older contract (?page&limit) and takes after and before as the POST lists do: the page
// its number says, whatever those fields hold.
func TestADictItemPageAskedNextToARowIsThePageItsNumberSays(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := h.SignedIn("13700000001", "甲公司")
			createDict(t, c, "运输方式", "ship")
			for i := range 7 {
				createItem(t, c, "ship", fmt.Sprintf("方式%d", i%2), fmt.Sprint(i), i%3)
			}
			ids := func(query string) []string {
				t.Helper()
				rows, total := listed[item](t, c, "dict-items/page?dictCode=ship&limit=3&"+query)
				if total != 7 {
					t.Fatalf("%s: total %d, want 7", query, total)
				}
				var out []string
				for _, r := range rows {
					out = append(out, r.ID)
				}
				return out
			}
			var pages [][]string
			for n := 1; n <= 3; n++ {
				pages = append(pages, ids(fmt.Sprintf("page=%d", n)))
			}
			for _, q := range []string{"after=" + pages[0][2], "before=" + pages[2][0], "after=" + pages[0][2] + "&before=" + pages[2][0],
				"after=x", "before=-1", "after=", "after=12345"} {
				if got := ids("page=2&" + q); !slices.Equal(got, pages[1]) {
					t.Errorf("page 2 with %s: %v, want %v", q, got, pages[1])
				}
			}
		})
	}
}
