package catalog_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/app/catalog"
	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// fullProduct is a product form with every field filled.
func fullProduct(sku, brand, category, supplier, image string) map[string]string {
	return map[string]string{"sku": sku, "name": "蓝牙耳机 " + sku, "image": image, "kind": "1", "brandId": brand,
		"categoryId": category, "supplierId": supplier, "price": "19.90", "weight": "0.125", "length": "10.5",
		"width": "8", "height": "3.25", "cartonUnits": "24", "cartonWeight": "3.5", "cartonLength": "40",
		"cartonWidth": "30", "cartonHeight": "20", "remark": "主推款"}
}

func TestAProductIsCreatedReadListedEditedDisabledAndDeleted(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			c := owner(t, h)
			brand := create(t, c, "/brand", map[string]string{"name": "Anker", "remark": "大牌"})
			top := create(t, c, "/category", map[string]any{"name": "电子"})
			cat := create(t, c, "/category", map[string]any{"name": "耳机", "parentId": top, "sort": 2})
			sup := create(t, c, "/supplier", map[string]string{"name": "深圳工厂", "contact": "王经理", "phone": "0755-1234"})
			image := multipartCall(t, c, "/material/photoupload", "耳机.png", pngOf(t, 40, 30))
			apptest.ExpectOK(t, image)

			p := into[product](t, c.Call(http.MethodPost, v1+"/material", fullProduct("EAR-001", brand, cat, sup, image.String(t))))
			want := product{ID: p.ID, SKU: "EAR-001", Name: "蓝牙耳机 EAR-001", Image: image.String(t), Kind: 1, KindName: "产品",
				BrandID: brand, Brand: "Anker", CategoryID: cat, Category: "耳机", SupplierID: sup, Supplier: "深圳工厂",
				Price: "19.90", Weight: "0.125", Length: "10.5", Width: "8", Height: "3.25", CartonUnits: "24",
				CartonWeight: "3.5", CartonLength: "40", CartonWidth: "30", CartonHeight: "20",
				CartonSpec: "单箱24个, 重3.5kg, 40*30*20cm", Remark: "主推款", Status: "启用", CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
			if p != want || len(p.CreatedAt) != 19 || p.ID == "" {
				t.Fatalf("created = %+v\nwant      %+v", p, want)
			}
			if got := into[product](t, c.Call(http.MethodGet, v1+"/material/"+p.ID, nil)); got != p {
				t.Fatalf("read back = %+v", got)
			}
			create(t, c, "/material", map[string]string{"sku": "CABLE-2", "name": "数据线", "kind": "耗材"})

			list := into[page[product]](t, c.Call(http.MethodPost, v1+"/material/page", map[string]any{"currentpage": 1, "pagesize": 10}))
			if list.Total != 2 || list.Pages != 1 || list.Size != 10 || list.Records[0].SKU != "CABLE-2" || list.Records[1] != p {
				t.Fatalf("list = %+v", list)
			}
			filters := []struct {
				body map[string]any
				want string
			}{
				{map[string]any{"keyword": "ear-0"}, "EAR-001"},
				{map[string]any{"keyword": "数据"}, "CABLE-2"},
				{map[string]any{"brandId": brand}, "EAR-001"},
				{map[string]any{"categoryId": cat}, "EAR-001"},
				{map[string]any{"supplierId": sup}, "EAR-001"},
				{map[string]any{"kind": "2"}, "CABLE-2"},
				{map[string]any{"sort": "sku", "order": "desc"}, "EAR-001,CABLE-2"},
				{map[string]any{"brandId": "not-an-id"}, ""},
			}
			for _, f := range filters {
				got := into[page[product]](t, c.Call(http.MethodPost, v1+"/material/page", f.body))
				var skus []string
				for _, r := range got.Records {
					skus = append(skus, r.SKU)
				}
				if strings.Join(skus, ",") != f.want {
					t.Errorf("%v: %v, want %s", f.body, skus, f.want)
				}
			}

			edit := fullProduct("EAR-001A", "", "", sup, image.String(t))
			edit["price"], edit["cartonUnits"], edit["name"] = "", "", "降噪耳机"
			env := c.Call(http.MethodPut, v1+"/material/"+p.ID, edit)
			if env.Status != http.StatusOK {
				t.Log(h.Log.String())
			}
			p2 := into[product](t, env)
			if p2.SKU != "EAR-001A" || p2.Name != "降噪耳机" || p2.Brand != "" || p2.BrandID != "" || p2.Price != "" ||
				p2.CartonSpec != "重3.5kg, 40*30*20cm" || p2.CreatedAt != p.CreatedAt {
				t.Fatalf("edited = %+v", p2)
			}

			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"/material/"+p.ID+"/disable", nil))
			if got := into[product](t, c.Call(http.MethodGet, v1+"/material/"+p.ID, nil)); !got.Disabled || got.Status != "停用" {
				t.Fatalf("after disable = %+v", got)
			}
			found := into[[]map[string]string](t, c.Call(http.MethodGet, v1+"/material/search?keyword=", nil))
			if len(found) != 1 || found[0]["sku"] != "CABLE-2" || len(found[0]) != 4 {
				t.Fatalf("search leaves out the disabled product: %v", found)
			}
			apptest.ExpectOK(t, c.Call(http.MethodPost, v1+"/material/"+p.ID+"/enable", nil))
			found = into[[]map[string]string](t, c.Call(http.MethodGet, v1+"/material/search?keyword=EAR&limit=5", nil))
			if len(found) != 1 || found[0]["id"] != p.ID || found[0]["image"] != image.String(t) || found[0]["name"] != "降噪耳机" {
				t.Fatalf("search = %v", found)
			}
			if got := into[page[product]](t, c.Call(http.MethodPost, v1+"/material/page", map[string]any{"status": "disabled"})); got.Total != 0 {
				t.Fatalf("disabled products = %+v", got)
			}

			env = c.Call(http.MethodDelete, v1+"/material/"+p.ID, nil)
			if env.String(t) != "success" {
				t.Fatalf("delete = %+v", env)
			}
			apptest.Expect(t, c.Call(http.MethodGet, v1+"/material/"+p.ID, nil), http.StatusNotFound, "A0404", "产品不存在")
			resp, _ := c.Raw(http.MethodGet, image.String(t), "", nil)
			if resp.StatusCode != http.StatusNotFound {
				t.Fatalf("the deleted product's picture is still served: %d", resp.StatusCode)
			}
		})
	}
}

func TestProductFormsAreRefusedWithTheirMessages(t *testing.T) {
	h := apptest.Start(t)
	c := owner(t, h)
	create(t, c, "/material", map[string]string{"sku": "TAKEN-1", "name": "已有"})
	cases := []struct {
		change map[string]string
		msg    string
	}{
		{map[string]string{"sku": " "}, "SKU不能为空"},
		{map[string]string{"sku": strings.Repeat("S", 51)}, "SKU不能超过50个字符"},
		{map[string]string{"sku": "A B"}, catalog.MsgSKUSpace},
		{map[string]string{"name": ""}, "产品名称不能为空"},
		{map[string]string{"name": strings.Repeat("名", 201)}, "产品名称不能超过200个字符"},
		{map[string]string{"remark": strings.Repeat("备", 501)}, "备注不能超过500个字符"},
		{map[string]string{"kind": "9"}, catalog.MsgProductKindBad},
		{map[string]string{"price": "abc"}, "单价(元)必须是数字"},
		{map[string]string{"price": "-1"}, "单价(元)必须是数字"},
		{map[string]string{"price": "0"}, "单价(元)必须大于0"},
		{map[string]string{"price": "1.234"}, "单价(元)最多2位小数"},
		{map[string]string{"price": "100000000"}, "单价(元)不能超过99999999.99"},
		{map[string]string{"weight": "0.0001"}, "重量(kg)最多3位小数"},
		{map[string]string{"length": "1e3"}, "长(cm)必须是数字"},
		{map[string]string{"width": "0.00"}, "宽(cm)必须大于0"},
		{map[string]string{"height": "100000"}, "高(cm)不能超过99999.99"},
		{map[string]string{"cartonUnits": "1.5"}, catalog.MsgCartonUnitsBad},
		{map[string]string{"cartonUnits": "0"}, catalog.MsgCartonUnitsBad},
		{map[string]string{"cartonUnits": "99999999999999999999"}, catalog.MsgCartonUnitsTooMany},
		{map[string]string{"cartonUnits": "1000001"}, catalog.MsgCartonUnitsTooMany},
		{map[string]string{"cartonWeight": "x"}, "箱重(kg)必须是数字"},
		{map[string]string{"cartonLength": "0"}, "箱长(cm)必须大于0"},
		{map[string]string{"cartonWidth": "1.001"}, "箱宽(cm)最多2位小数"},
		{map[string]string{"cartonHeight": "123456"}, "箱高(cm)不能超过99999.99"},
		{map[string]string{"brandId": "123"}, catalog.MsgBrandMissing},
		{map[string]string{"categoryId": "x"}, catalog.MsgCategoryMissing},
		{map[string]string{"supplierId": "456"}, catalog.MsgSupplierMissing},
		{map[string]string{"image": "/uploads/0123456789abcdef0123456789abcdef.png"}, catalog.MsgProductImageBad},
		{map[string]string{"image": "https://example.com/x.png"}, catalog.MsgProductImageBad},
	}
	for _, tc := range cases {
		form := fullProduct("NEW-1", "", "", "", "")
		for k, v := range tc.change {
			form[k] = v
		}
		apptest.Expect(t, c.Call(http.MethodPost, v1+"/material", form), http.StatusBadRequest, "A0400", tc.msg)
	}
	env := c.Call(http.MethodPost, v1+"/material", fullProduct("TAKEN-1", "", "", "", ""))
	apptest.Expect(t, env, http.StatusBadRequest, "B0001", "SKU“TAKEN-1”已存在，请更换")
	other := create(t, c, "/material", map[string]string{"sku": "OTHER-1", "name": "另一个"})
	env = c.Call(http.MethodPut, v1+"/material/"+other, fullProduct("TAKEN-1", "", "", "", ""))
	apptest.Expect(t, env, http.StatusBadRequest, "B0001", "SKU“TAKEN-1”已存在，请更换")
	apptest.Expect(t, c.Call(http.MethodPut, v1+"/material/123", fullProduct("Z", "", "", "", "")), http.StatusNotFound, "A0404", "产品不存在")
	apptest.Expect(t, c.Call(http.MethodDelete, v1+"/material/abc", nil), http.StatusNotFound, "A0404", "产品不存在")
	apptest.Expect(t, c.Call(http.MethodPost, v1+"/material/123/disable", nil), http.StatusNotFound, "A0404", "产品不存在")
	if got := into[page[product]](t, c.Call(http.MethodPost, v1+"/material/page", map[string]any{})); got.Total != 2 {
		t.Fatalf("refused forms wrote something: %d products", got.Total)
	}
}

func TestAProductInUseIsNotDeleted(t *testing.T) {
	h := apptest.Start(t)
	c := owner(t, h)
	company := companyOf(t, h, ownerAccount)
	w := &stockdb.Warehouse{CompanyID: company, Name: "深圳仓", Kind: stockdb.WarehouseOwn}
	if err := h.DB.Create(w).Error; err != nil {
		t.Fatal(err)
	}
	group := &storesdb.StoreGroup{CompanyID: company, Name: "美国店"}
	if err := h.DB.Create(group).Error; err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, sku := range []string{"STOCK", "DOC", "PLAN", "SHIP"} {
		ids[sku] = create(t, c, "/material", map[string]string{"sku": sku, "name": "产品" + sku})
	}
	id := func(sku string) int64 {
		p, err := catalogdb.LocalProductBySKU(h.DB, company, sku)
		if err != nil {
			t.Fatal(err)
		}
		return p.ID
	}
	ctx := context.Background()
	err := h.DB.Tx(ctx, func(tx *models.DB) error {
		return stockdb.MoveStock(tx, company, stockdb.StockCause{DocType: "test", DocNumber: "T1"},
			[]stockdb.StockChange{{WarehouseID: w.ID, ProductID: id("STOCK"), Fulfillable: 3}})
	})
	if err != nil {
		t.Fatal(err)
	}
	docID := models.NewID()
	if err := h.DB.Exec(`INSERT INTO stock_documents (id, company_id, kind, number, warehouse_id, created_at, updated_at)
		VALUES (?, ?, 'inbound', 'IN-1', ?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`, docID, company, w.ID).Error; err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Exec(`INSERT INTO stock_document_lines (id, company_id, document_id, product_id, quantity) VALUES (?, ?, ?, ?, 5)`,
		models.NewID(), company, docID, id("DOC")).Error; err != nil {
		t.Fatal(err)
	}
	plan := &shippingdb.ShipmentPlan{CompanyID: company, Number: "P1", GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER", WarehouseID: w.ID}
	ship := &shippingdb.Shipment{CompanyID: company, ShipmentID: "FBA15TEST", GroupID: group.ID, MarketplaceID: "ATVPDKIKX0DER", WarehouseID: w.ID}
	for _, row := range []any{plan, ship} {
		if err := h.DB.Create(row).Error; err != nil {
			t.Fatal(err)
		}
	}
	for _, row := range []any{
		&shippingdb.ShipmentPlanItem{CompanyID: company, PlanID: plan.ID, ProductID: id("PLAN"), SellerSKU: "PLAN-US", Quantity: 1},
		&shippingdb.ShipmentItem{CompanyID: company, ShipmentRef: ship.ID, ProductID: id("SHIP"), SellerSKU: "SHIP-US", Quantity: 1},
	} {
		if err := h.DB.Create(row).Error; err != nil {
			t.Fatal(err)
		}
	}
	for sku, msg := range map[string]string{"STOCK": catalog.MsgProductHasStock, "DOC": catalog.MsgProductHasDocs,
		"PLAN": catalog.MsgProductHasPlans, "SHIP": catalog.MsgProductHasShipment} {
		apptest.Expect(t, c.Call(http.MethodDelete, v1+"/material/"+ids[sku], nil), http.StatusBadRequest, "B0001", msg)
		apptest.ExpectOK(t, c.Call(http.MethodGet, v1+"/material/"+ids[sku], nil))
	}
}

func TestPicturesAreCheckedAndStayInTheirCompany(t *testing.T) {
	h := apptest.Start(t)
	c := admin(t, h)
	apptest.Expect(t, multipartCall(t, c, "/material/photoupload", "a.txt", []byte("not a picture at all")), http.StatusBadRequest, "A0400", core.MsgImageType)
	apptest.Expect(t, multipartCall(t, c, "/material/photoupload", "a.png", nil), http.StatusBadRequest, "A0400", core.MsgImageEmpty)
	big := append(pngOf(t, 10, 10), make([]byte, core.MaxImageBytes)...)
	apptest.Expect(t, multipartCall(t, c, "/material/photoupload", "big.png", big), http.StatusBadRequest, "A0400", core.MsgImageTooBig)
	env := multipartCall(t, c, "/material/photoupload", "ok.png", pngOf(t, 20, 20))
	apptest.ExpectOK(t, env)
	address := env.String(t)
	if !strings.HasPrefix(address, "/uploads/") || !strings.HasSuffix(address, ".png") {
		t.Fatalf("address = %q", address)
	}
	resp, body := c.Raw(http.MethodGet, address, "", nil)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" || len(body) == 0 {
		t.Fatalf("own picture: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}

	other := h.SignedIn("13700000001", "乙公司")
	resp, _ = other.Raw(http.MethodGet, address, "", nil)
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("another company reads the picture: %d", resp.StatusCode)
	}
	form := fullProduct("THEIRS-1", "", "", "", address)
	apptest.Expect(t, other.Call(http.MethodPost, v1+"/material", form), http.StatusBadRequest, "A0400", catalog.MsgProductImageBad)

	clerk, _ := h.RestrictedUser("13900000009", []string{"product.localproduct"}, nil)
	apptest.Expect(t, multipartCall(t, clerk, "/material/photoupload", "ok.png", pngOf(t, 5, 5)), http.StatusUnauthorized, "A0301", msgNoGrant)
}
