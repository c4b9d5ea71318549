package catalog_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"strconv"
	"testing"

	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	storesdb "sellerhub/models/stores"
)

const (
	v1         = "/erp/api/v1"
	msgNoGrant = "访问未授权"
)

// product is a product as the calls answer it.
type product struct {
	ID, SKU, Name, Image, KindName, BrandID, Brand, CategoryID, Category, SupplierID, Supplier string
	Kind                                                                                       int
	Price, Weight, Length, Width, Height, CartonUnits, CartonWeight, CartonLength              string
	CartonWidth, CartonHeight, CartonSpec, Remark, Status, CreatedAt, UpdatedAt                string
	Disabled                                                                                   bool
}

type page[T any] struct {
	Records []T
	Total   int64
	Size    int
	Current int
	Pages   int64
}

type option struct{ ID, Name string }

// admin is the demo company's admin, who holds every permission (apptest.RestrictedUser's users are colleagues).
func admin(t *testing.T, h *apptest.Harness) *apptest.Client {
	t.Helper()
	c := h.Client()
	apptest.ExpectOK(t, c.Login(apptest.AdminAccount, apptest.AdminPassword))
	return c
}

// ownerAccount owns a company of its own, without the demo company's seeded products, brands and store group, for
// the tests that count what a list holds.
const ownerAccount = "13600000009"

// owner signs in as the owner of that company, who holds every permission.
func owner(t *testing.T, h *apptest.Harness) *apptest.Client {
	t.Helper()
	return h.SignedIn(ownerAccount, "甲公司")
}

func into[T any](t *testing.T, env apptest.Envelope) T {
	t.Helper()
	apptest.ExpectOK(t, env)
	var v T
	env.Into(t, &v)
	return v
}

func create(t *testing.T, c *apptest.Client, path string, body any) string {
	t.Helper()
	return into[struct{ ID string }](t, c.Call(http.MethodPost, v1+path, body)).ID
}

// multipartCall posts content as the multipart field file.
func multipartCall(t *testing.T, c *apptest.Client, path, filename string, content []byte) apptest.Envelope {
	t.Helper()
	return multipartForm(t, c, path, filename, content, nil)
}

// multipartForm posts the file with further form fields.
func multipartForm(t *testing.T, c *apptest.Client, path, filename string, content []byte, fields map[string]string) apptest.Envelope {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	part, _ := w.CreateFormFile("file", filename)
	part.Write(content)
	w.Close()
	resp, raw := c.Raw(http.MethodPost, v1+path, w.FormDataContentType(), &body)
	var env apptest.Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("%s: not an envelope (%d): %s", path, resp.StatusCode, raw)
	}
	env.Status = resp.StatusCode
	return env
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.NRGBA{uint8(x * 7), uint8(y * 13), uint8(x ^ y), 255})
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// companyOf is the company id of the account.
func companyOf(t *testing.T, h *apptest.Harness, account string) int64 {
	t.Helper()
	u, err := accountsdb.UserByAccount(h.DB, account)
	if err != nil {
		t.Fatal(err)
	}
	return u.CompanyID
}

// storeGroup adds a store group to the account's company straight in the database (its admin is another
// module's).
func storeGroup(t *testing.T, h *apptest.Harness, account, name string) string {
	t.Helper()
	g := &storesdb.StoreGroup{CompanyID: companyOf(t, h, account), Name: name}
	if err := h.DB.Create(g).Error; err != nil {
		t.Fatal(err)
	}
	return strconv.FormatInt(g.ID, 10)
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }
