package catalog_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"sellerhub/app/apptest"
	"sellerhub/config"
	"sellerhub/models/dbtest"
)

// The table island asks the page after the one shown with after (its last row's id) and the one before with
// before (its first row's id), beside the page number: the call answers the page the number says, and whatever
// else it gets in those fields (no id, a number, both) it ignores rather than failing.
func TestAPageAskedNextToARowIsThePageItsNumberSays(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			// A count cap below the list: pages within the cap are read by offset with their count in one statement,
			// so only pages past it are read next to a row.
			h := apptest.Start(t, apptest.WithDatabase(kind), apptest.WithConfig(func(c *config.Config) { c.ListCountCap = 2 }))
			c := owner(t, h)
			for i := range 8 {
				create(t, c, "/material", map[string]string{"sku": fmt.Sprintf("SKU-%d", i), "name": "耳机", "kind": "1"})
			}
			list := func(body map[string]any) ([]string, int64) {
				t.Helper()
				got := into[page[product]](t, c.Call(http.MethodPost, v1+"/material/page", body))
				var ids []string
				for _, p := range got.Records {
					ids = append(ids, p.ID)
				}
				return ids, got.Total
			}
			var pages [][]string
			for n := 1; n <= 3; n++ {
				ids, _ := list(map[string]any{"currentpage": n, "pagesize": 3, "sort": "sku", "order": "desc"})
				pages = append(pages, ids)
			}
			_, total2 := list(map[string]any{"currentpage": 2, "pagesize": 3, "sort": "sku", "order": "desc"})
			// Whether the page's rows were found by skipping the rows before it.
			offsets := 0
			err := h.DB.Callback().Query().After("gorm:query").Register("test:offsets", func(g *gorm.DB) {
				if strings.Contains(g.Statement.SQL.String(), " OFFSET ") {
					offsets++
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				name          string
				after, before any
				byOffset      bool
			}{
				{"after the last row of page 1", pages[0][2], nil, false},
				{"before the first row of page 3", nil, pages[2][0], false},
				{"an id as a JSON number", nil, json.Number(pages[2][0]), false},
				{"both", pages[0][2], pages[2][0], true},
				{"text", "第一页", nil, true},
				{"an object", map[string]any{"id": pages[0][2]}, []int{1}, true},
				{"a negative id", "-5", nil, true},
				{"an id of no row", "12345", nil, true},
			} {
				offsets = 0
				body := map[string]any{"currentpage": 2, "pagesize": 3, "sort": "sku", "order": "desc", "after": c.after, "before": c.before}
				if ids, total := list(body); !slices.Equal(ids, pages[1]) || total != total2 || (offsets > 0) != c.byOffset {
					t.Errorf("%s: page 2 %v of %d, %d statements by OFFSET; want %v of %d, by OFFSET %v", c.name, ids, total,
						offsets, pages[1], total2, c.byOffset)
				}
			}
		})
	}
}
