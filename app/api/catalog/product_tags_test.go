package catalog_test

import (
	"net/http"
	"sort"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
	"sellerhub/models/dbtest"
)

type taggedProduct struct {
	ID, SKU string
	Tags    []struct{ ID, Name, Color, GroupName string }
}

type productTagRow struct {
	ID, Name, Color, GroupName string
	Products                   int64
}

func createAdmin(t *testing.T, c *apptest.Client, path string, body any) string {
	t.Helper()
	return into[struct{ ID string }](t, c.Call(http.MethodPost, "/admin/api/v1/"+path, body)).ID
}

func tagNames(p taggedProduct) string {
	var names []string
	for _, t := range p.Tags {
		names = append(names, t.Name)
	}
	return strings.Join(names, ",")
}

// Tags of the 标签 admin go on local products in bulk and come off again; 本地产品 filters by them and shows each
// product's tags with their colours; 产品标签 counts each tag's products; another company's tag or product is
// refused with nothing changed, and a tag deleted leaves its products.
func TestProductTags(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			group := createAdmin(t, c, "tagGroups", map[string]string{"name": "季节"})
			summer := createAdmin(t, c, "tags", map[string]string{"name": "夏季", "groupId": group, "color": "#f59e0b"})
			winter := createAdmin(t, c, "tags", map[string]string{"name": "冬季", "groupId": group, "color": "#0ea5e9"})
			var ids []string
			for _, sku := range []string{"TAG-1", "TAG-2", "TAG-3"} {
				ids = append(ids, create(t, c, "/material", map[string]string{"sku": sku, "name": "标签产品 " + sku, "kind": "1"}))
			}
			tag := func(body map[string]any) apptest.Envelope { return c.Call(http.MethodPost, v1+"/material/tags", body) }
			apptest.ExpectOK(t, tag(map[string]any{"ids": ids[:2], "tagIds": []string{summer}}))
			apptest.ExpectOK(t, tag(map[string]any{"ids": ids[1:2], "tagIds": []string{winter, summer}}))
			list := func(filter string) []taggedProduct {
				p := into[page[taggedProduct]](t, c.Call(http.MethodPost, v1+"/material/page", map[string]any{"tagId": filter, "sort": "sku", "order": "asc"}))
				return p.Records
			}
			if got := list(summer); len(got) != 2 || got[0].SKU != "TAG-1" || tagNames(got[0]) != "夏季" || tagNames(got[1]) != "冬季,夏季" ||
				got[1].Tags[0].Color != "#0ea5e9" || got[1].Tags[0].GroupName != "季节" {
				t.Fatalf("summer %+v", got)
			}
			if got := list(winter); len(got) != 1 || got[0].SKU != "TAG-2" {
				t.Fatalf("winter %+v", got)
			}
			if got := list(""); len(got) != 3 || tagNames(got[2]) != "" {
				t.Fatalf("all %+v", got)
			}
			apptest.ExpectOK(t, tag(map[string]any{"ids": ids[:1], "tagIds": []string{summer}, "remove": true}))
			if got := list(summer); len(got) != 1 || got[0].SKU != "TAG-2" {
				t.Fatalf("summer after removing %+v", got)
			}
			counts := into[page[productTagRow]](t, c.Call(http.MethodPost, v1+"/productTags/page", map[string]any{}))
			sort.Slice(counts.Records, func(i, j int) bool { return counts.Records[i].Name < counts.Records[j].Name })
			if len(counts.Records) != 2 || counts.Records[0].Name != "冬季" || counts.Records[0].Products != 1 || counts.Records[1].Products != 1 {
				t.Fatalf("counts %+v", counts.Records)
			}
			// The demo company's tag and product are not this company's.
			other := admin(t, h)
			otherGroup := createAdmin(t, other, "tagGroups", map[string]string{"name": "别家分组"})
			otherTag := createAdmin(t, other, "tags", map[string]string{"name": "别家标签", "groupId": otherGroup})
			if env := tag(map[string]any{"ids": ids, "tagIds": []string{otherTag}}); env.Msg != catalog.MsgTagProductsGone {
				t.Fatalf("another company's tag: %+v", env)
			}
			otherProduct := create(t, other, "/material", map[string]string{"sku": "OTHER-1", "name": "别家产品", "kind": "1"})
			if env := tag(map[string]any{"ids": []string{ids[0], otherProduct}, "tagIds": []string{winter}}); env.Status != http.StatusNotFound {
				t.Fatalf("another company's product: %+v", env)
			}
			if env := tag(map[string]any{"ids": []string{}, "tagIds": []string{winter}}); env.Msg != catalog.MsgTagProductsNone {
				t.Fatalf("no products: %+v", env)
			}
			if got := list(winter); len(got) != 1 {
				t.Fatalf("refused calls changed tags: %+v", got)
			}
			apptest.ExpectOK(t, c.Call(http.MethodDelete, "/admin/api/v1/tags/"+winter, nil))
			if got := list(""); len(got) != 3 || tagNames(got[1]) != "夏季" {
				t.Fatalf("after deleting a tag %+v", got)
			}
			opts := into[[]struct{ ID, Name string }](t, c.Call(http.MethodGet, v1+"/productTags/options", nil))
			if len(opts) != 1 || opts[0].Name != "夏季" {
				t.Fatalf("options %+v", opts)
			}
		})
	}
}
