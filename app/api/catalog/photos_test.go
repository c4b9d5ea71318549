package catalog_test

import (
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
)

type photoMatch struct {
	Name      string `json:"name"`
	ProductID string `json:"productId"`
	SKU       string `json:"sku"`
	Position  int    `json:"position"`
	Problem   string `json:"problem"`
	Image     string `json:"image"`
}

// 图片上传 on every database: the names are matched to SKUs first (SKU.jpg the main picture, SKU-2.jpg the second,
// a SKU ending in -2 read as itself), the names of no product, of another type, out of range or twice listed with
// their reasons; each matched file then replaces its picture (the old file deleted) and nothing else changes.
func TestPicturesAreUploadedInBulkByTheirSKU(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			a := create(t, c, "/material", fullProduct("EAR-1", "", "", "", ""))
			b := create(t, c, "/material", fullProduct("EAR-1-2", "", "", "", ""))
			names := []string{"EAR-1.jpg", "EAR-1-2.png", "EAR-1-3.JPEG", "EAR-1.png", "NOPE.jpg", "EAR-1.txt", "EAR-1-12.jpg", `C:\fakepath\EAR-1-4.webp`}
			got := into[[]photoMatch](t, c.Call(http.MethodPost, v1+"/material/photoMatch", map[string]any{"names": names}))
			want := []photoMatch{
				{Name: "EAR-1.jpg", ProductID: a, SKU: "EAR-1", Position: 1},
				{Name: "EAR-1-2.png", ProductID: b, SKU: "EAR-1-2", Position: 1},
				{Name: "EAR-1-3.JPEG", ProductID: a, SKU: "EAR-1", Position: 3},
				{Name: "EAR-1.png", Problem: "与“EAR-1.jpg”是同一产品的同一张图片"},
				{Name: "NOPE.jpg", Problem: "没有SKU为“NOPE”的本地产品"},
				{Name: "EAR-1.txt", Problem: "文件类型不支持，只能上传jpg、png、gif、webp图片"},
				{Name: "EAR-1-12.jpg", Problem: "图片序号只能是1到9"},
				{Name: "EAR-1-4.webp", ProductID: a, SKU: "EAR-1", Position: 4},
			}
			if len(got) != len(want) {
				t.Fatalf("matches %+v", got)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("match %d = %+v, want %+v", i, got[i], want[i])
				}
			}

			first := into[photoMatch](t, multipartCall(t, c, "/material/photo", "EAR-1.jpg", pngOf(t, 20, 20)))
			if first.ProductID != a || first.Position != 1 || !strings.HasPrefix(first.Image, "/uploads/") || !strings.HasSuffix(first.Image, ".png") {
				t.Fatalf("saved %+v", first)
			}
			if p := into[struct{ Image string }](t, c.Call(http.MethodGet, v1+"/material/"+a, nil)); p.Image != first.Image {
				t.Fatalf("product's picture %q, want %q", p.Image, first.Image)
			}
			// Sent again, the new picture replaces the old one, whose file is deleted.
			again := into[photoMatch](t, multipartCall(t, c, "/material/photo", "EAR-1.jpg", pngOf(t, 30, 30)))
			if resp, _ := c.Raw(http.MethodGet, first.Image, "", nil); resp.StatusCode != http.StatusNotFound || again.Image == first.Image {
				t.Fatalf("the replaced picture is still served: %d", resp.StatusCode)
			}
			third := into[photoMatch](t, multipartCall(t, c, "/material/photo", "EAR-1-3.png", pngOf(t, 8, 8)))
			if resp, _ := c.Raw(http.MethodGet, third.Image, "", nil); resp.StatusCode != http.StatusOK || third.Position != 3 {
				t.Fatalf("picture 3: %+v %d", third, resp.StatusCode)
			}
			var kept []catalogdb.ProductImage
			h.DB.Where("image <> ''").Find(&kept)
			if len(kept) != 1 || kept[0].Position != 3 || kept[0].Image != third.Image {
				t.Fatalf("further pictures %+v", kept)
			}

			// Refused, nothing stored: a name of no product, not a picture, too big, empty.
			apptest.Expect(t, multipartCall(t, c, "/material/photo", "NOPE.jpg", pngOf(t, 5, 5)), 400, "A0400", "NOPE.jpg：没有SKU为“NOPE”的本地产品")
			apptest.Expect(t, multipartCall(t, c, "/material/photo", "EAR-1.jpg", []byte("not a picture at all")), 400, "A0400", core.MsgImageType)
			big := append(pngOf(t, 10, 10), make([]byte, core.MaxImageBytes)...)
			apptest.Expect(t, multipartCall(t, c, "/material/photo", "EAR-1.jpg", big), 400, "A0400", core.MsgImageTooBig)
			apptest.Expect(t, multipartCall(t, c, "/material/photo", "EAR-1.jpg", nil), 400, "A0400", core.MsgImageEmpty)
			if p := into[struct{ Image string }](t, c.Call(http.MethodGet, v1+"/material/"+a, nil)); p.Image != again.Image {
				t.Fatalf("a refused upload changed the picture to %q", p.Image)
			}
			apptest.Expect(t, c.Call(http.MethodPost, v1+"/material/photoMatch", map[string]any{"names": []string{}}), 400, "A0400", catalog.MsgPhotoNamesEmpty)
			apptest.Expect(t, c.Call(http.MethodPost, v1+"/material/photoMatch", map[string]any{"names": make([]string, 501)}), 400, "A0400", catalog.MsgPhotoTooMany)

			// Another company's SKUs are not matched.
			other := h.SignedIn("13700000001", "乙公司")
			if m := into[[]photoMatch](t, other.Call(http.MethodPost, v1+"/material/photoMatch", map[string]any{"names": []string{"EAR-1.jpg"}})); m[0].ProductID != "" {
				t.Fatalf("乙 matched 甲's product: %+v", m)
			}
		})
	}
}

// Who may call: 本地产品's screen with 编辑 (erp:material:edit).
func TestPictureUploadNeedsTheEditPermission(t *testing.T) {
	h := apptest.Start(t)
	anon := h.Client()
	reader, _ := h.RestrictedUser("13900000008", []string{"product.localproduct"}, nil)
	editor, _ := h.RestrictedUser("13900000009", []string{"product.localproduct"}, []string{catalog.PermissionProductEdit})
	body := map[string]any{"names": []string{"DEMO-MUG-01.jpg"}}
	apptest.Expect(t, anon.Call(http.MethodPost, v1+"/material/photoMatch", body), 403, "A0231", "token已被禁止访问")
	apptest.Expect(t, reader.Call(http.MethodPost, v1+"/material/photoMatch", body), 401, "A0301", msgNoGrant)
	apptest.Expect(t, multipartCall(t, reader, "/material/photo", "DEMO-MUG-01.jpg", pngOf(t, 5, 5)), 401, "A0301", msgNoGrant)
	if m := into[[]photoMatch](t, editor.Call(http.MethodPost, v1+"/material/photoMatch", body)); m[0].SKU != "DEMO-MUG-01" || m[0].Position != 1 {
		t.Fatalf("editor's match %+v", m)
	}
	apptest.ExpectOK(t, multipartCall(t, editor, "/material/photo", "DEMO-MUG-01.jpg", pngOf(t, 5, 5)))
}
