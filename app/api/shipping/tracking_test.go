package shipping_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
	profitdb "sellerhub/models/profit"
)

type channelOut struct {
	ID        string `json:"id"`
	Carrier   string `json:"carrier"`
	Name      string `json:"name"`
	ModeName  string `json:"modeName"`
	Days      int    `json:"days"`
	BasisName string `json:"basisName"`
	UnitPrice string `json:"unitPrice"`
	Shipments int    `json:"shipments"`
}

type trackedOut struct {
	ShipmentID       string `json:"shipmentId"`
	Carrier          string `json:"carrier"`
	Channel          string `json:"channel"`
	ModeName         string `json:"modeName"`
	Tracking         string `json:"tracking"`
	GrossWeight      string `json:"grossWeight"`
	Freight          string `json:"freight"`
	FreightSource    string `json:"freightSource"`
	ShippedAt        string `json:"shippedAt"`
	EstimatedArrival string `json:"estimatedArrival"`
	LastMilestone    string `json:"lastMilestone"`
	Milestones       []struct {
		ID          string `json:"id"`
		HappenedAt  string `json:"happenedAt"`
		Location    string `json:"location"`
		Description string `json:"description"`
	} `json:"milestones"`
	Basis  string `json:"basis"`
	Shares []struct {
		SellerSKU string `json:"sellerSku"`
		Quantity  int64  `json:"quantity"`
		Share     string `json:"share"`
	} `json:"shares"`
}

func milestoneUpload(t *testing.T, c *apptest.Client, rows [][]string) apptest.Envelope {
	t.Helper()
	f := excelize.NewFile()
	for i, row := range rows {
		for j, v := range row {
			cell, _ := excelize.CoordinatesToCellName(j+1, i+1)
			f.SetCellStr("Sheet1", cell, v)
		}
	}
	var file bytes.Buffer
	if err := f.Write(&file); err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("file", "节点.xlsx")
	part.Write(file.Bytes())
	w.Close()
	resp, raw := c.Raw(http.MethodPost, v1+"transportation/milestoneImport", w.FormDataContentType(), &body)
	env := apptest.Envelope{Status: resp.StatusCode}
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("import answer %s: %v", raw, err)
	}
	return env
}

// 物流跟踪: a channel priced per kg gives a shipped shipment its carrier, channel, estimated arrival (ship date +
// the channel's days) and freight (gross weight × price, to the cent); that freight is what 利润报告's 头程 reads
// and spreads, and the spread over the shipment's SKUs (by weight here: 30 × 0.5 kg against 20 × 1.2 kg) sums
// back to it. A typed freight stays as typed. Milestones are typed and imported, every row or none. Another
// company sees none of it. On every database.
//
// Hand calculation: 40.5 kg × 12.30 = 498.15; shares 498.15 × 15 ÷ 39 = 191.596… → 191.60 and 498.15 × 24 ÷ 39 =
// 306.553… → 306.55; 191.60 + 306.55 = 498.15.
func TestTrackingFreightFeedsTheProfitSpread(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h, "13700000001", "甲公司", 100, 50)
			for i, w := range []string{"0.5", "1.2"} {
				if err := h.DB.Table("local_products").Where("id = ?", s.products[i].ID).Update("weight", decimal.RequireFromString(w)).Error; err != nil {
					t.Fatal(err)
				}
			}
			sea := decode[channelOut](t, s.c.Call(http.MethodPost, v1+"freightChannel", map[string]any{"carrier": "美森", "name": "美森快船",
				"mode": "sea", "days": 35, "basis": "kg", "unitPrice": "12.30"}))
			if sea.Carrier != "美森" || sea.ModeName != "海运" || sea.BasisName != "按重量(kg)" || sea.UnitPrice != "12.30" {
				t.Fatalf("channel = %+v", sea)
			}
			apptest.Expect(t, s.c.Call(http.MethodPost, v1+"freightChannel", map[string]any{"carrier": "美森", "name": "美森快船",
				"mode": "sea", "days": 30, "basis": "kg", "unitPrice": "10"}), 400, "A0400", "该承运商已有同名渠道")
			air := decode[channelOut](t, s.c.Call(http.MethodPost, v1+"freightChannel", map[string]any{"carrier": "DHL", "name": "空派",
				"mode": "air", "days": 10, "basis": "cbm", "unitPrice": "3000"}))
			for body, msg := range map[string]string{
				`{"carrier":"","name":"x","mode":"sea","days":1,"basis":"kg","unitPrice":"1"}`:   "请填写承运商",
				`{"carrier":"A","name":"x","mode":"boat","days":1,"basis":"kg","unitPrice":"1"}`: "运输方式应为海运、空运或快递",
				`{"carrier":"A","name":"x","mode":"sea","days":0,"basis":"kg","unitPrice":"1"}`:  "时效(天)必须为1到365的整数",
				`{"carrier":"A","name":"x","mode":"sea","days":5,"basis":"t","unitPrice":"1"}`:   "计价方式应为按重量(kg)或按体积(m³)",
				`{"carrier":"A","name":"x","mode":"sea","days":5,"basis":"kg","unitPrice":"-1"}`: "单价(元)必须是不小于0的金额，最多2位小数",
			} {
				var m map[string]any
				json.Unmarshal([]byte(body), &m)
				apptest.Expect(t, s.c.Call(http.MethodPost, v1+"freightChannel", m), 400, "A0400", msg)
			}

			sh := s.shipmentFromPlan(t, 30, 20)
			id := sh.ShipmentID
			path := v1 + "transportation/" + id
			sh = s.step(t, id, "confirm", nil)
			sh = s.step(t, id, "box", cartons(sh))
			sh = s.step(t, id, "ship", map[string]any{"carrier": "自提", "tracking": ""})

			// No weight on a channel priced by kg: refused, nothing changed.
			apptest.Expect(t, s.c.Call(http.MethodPut, path, map[string]any{"channelId": sea.ID, "tracking": "MATU123"}), 400, "A0400",
				"按重量计价的渠道需要填写毛重(kg)，或直接填写运费")
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, path, map[string]any{"channelId": sea.ID, "tracking": "MATU123", "grossWeight": "40.5"}))
			got := decode[trackedOut](t, s.c.Call(http.MethodGet, path, nil))
			shipped, err := time.Parse("2006-01-02", got.ShippedAt[:10])
			if err != nil {
				t.Fatalf("shipped at %q", got.ShippedAt)
			}
			if got.Carrier != "美森" || got.Channel != "美森快船" || got.ModeName != "海运" || got.Tracking != "MATU123" ||
				got.Freight != "498.15" || got.FreightSource != "按渠道计算" || got.EstimatedArrival != shipped.AddDate(0, 0, 35).Format("2006-01-02") ||
				got.Basis != "按重量" || len(got.Shares) != 2 {
				t.Fatalf("tracked = %+v", got)
			}
			sum := decimal.Zero
			for _, sh := range got.Shares {
				sum = sum.Add(decimal.RequireFromString(sh.Share))
			}
			if got.Shares[0].Share != "191.60" || got.Shares[1].Share != "306.55" || !sum.Equal(decimal.RequireFromString("498.15")) {
				t.Fatalf("shares %+v sum to %s", got.Shares, sum)
			}
			// The profit report reads this freight and spreads it, to the eighth decimal, back to the whole.
			units, err := profitdb.ShippedUnits(h.DB, s.companyID, 0, 0, "")
			if err != nil || len(units) != 2 || !units[0].Freight.Equal(decimal.RequireFromString("498.15")) {
				t.Fatalf("the report's shipped units = %+v, %v", units, err)
			}

			// Typed freight stays as typed; a channel by volume needs the volume.
			apptest.Expect(t, s.c.Call(http.MethodPut, path, map[string]any{"channelId": air.ID, "grossWeight": "40.5"}), 400, "A0400",
				"按体积计价的渠道需要填写体积(m³)，或直接填写运费")
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, path, map[string]any{"channelId": air.ID, "tracking": "DHL9", "freight": "1000"}))
			got = decode[trackedOut](t, s.c.Call(http.MethodGet, path, nil))
			if got.Freight != "1000.00" || got.FreightSource != "手工填写" || got.EstimatedArrival != shipped.AddDate(0, 0, 10).Format("2006-01-02") ||
				got.Shares[0].Share != "384.62" || got.Shares[1].Share != "615.38" {
				t.Fatalf("typed = %+v", got)
			}
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, path, map[string]any{"channelId": air.ID, "tracking": "DHL9", "volume": "0.35"}))
			if got = decode[trackedOut](t, s.c.Call(http.MethodGet, path, nil)); got.Freight != "1050.00" {
				t.Fatalf("by volume = %+v", got)
			}
			apptest.Expect(t, s.c.Call(http.MethodDelete, v1+"freightChannel/"+air.ID, nil), 400, "B0001", "渠道已用于货件，不能删除")

			// Milestones: typed, then imported (every row or none).
			apptest.Expect(t, s.c.Call(http.MethodPost, path+"/milestone", map[string]any{"happenedAt": "2026-11-01", "description": "提货"}), 400, "A0400",
				"节点时间格式应为 yyyy-MM-dd HH:mm")
			apptest.ExpectOK(t, s.c.Call(http.MethodPost, path+"/milestone", map[string]any{"happenedAt": "2026-11-01 09:30", "location": "深圳", "description": "已提货"}))
			header := []string{"货件号", "节点时间", "地点", "节点描述"}
			apptest.Expect(t, milestoneUpload(t, s.c, [][]string{header, {id, "2026-11-03 10:00", "盐田港", "已开船"}, {"FBA0NOPE", "2026-11-04 10:00", "", "到港"}}),
				400, "A0400", "第3行：货件不存在：FBA0NOPE")
			env := milestoneUpload(t, s.c, [][]string{header, {id, "2026-11-03 10:00", "盐田港", "已开船"}, {}, {id, "2026-11-02 08:00", "深圳", "已报关"}})
			apptest.ExpectOK(t, env)
			got = decode[trackedOut](t, s.c.Call(http.MethodGet, path, nil))
			if len(got.Milestones) != 3 || got.Milestones[0].Description != "已开船" || got.Milestones[2].Description != "已提货" || got.LastMilestone != "已开船" {
				t.Fatalf("milestones = %+v", got.Milestones)
			}
			// A typo corrected, a wrong milestone deleted: the latest is then the one before it.
			typo, wrong := path+"/milestone/"+got.Milestones[1].ID, path+"/milestone/"+got.Milestones[0].ID
			apptest.Expect(t, s.c.Call(http.MethodPut, typo, map[string]any{"happenedAt": "2026-11-02 08:00", "description": " "}), 400, "A0400",
				"请填写节点描述")
			apptest.ExpectOK(t, s.c.Call(http.MethodPut, typo, map[string]any{"happenedAt": "2026-11-02 18:00", "location": "深圳海关", "description": "已报关放行"}))
			apptest.ExpectOK(t, s.c.Call(http.MethodDelete, wrong, nil))
			apptest.Expect(t, s.c.Call(http.MethodDelete, wrong, nil), 400, "A0400", "物流节点不存在或已删除")
			apptest.Expect(t, s.c.Call(http.MethodDelete, path+"/milestone/x", nil), 400, "A0400", "物流节点不存在或已删除")
			got = decode[trackedOut](t, s.c.Call(http.MethodGet, path, nil))
			if len(got.Milestones) != 2 || got.Milestones[0].Description != "已报关放行" || got.Milestones[0].Location != "深圳海关" ||
				got.Milestones[0].HappenedAt != "2026-11-02 18:00:00" || got.LastMilestone != "已报关放行" {
				t.Fatalf("after the edit and the delete: %+v", got)
			}
			var page struct {
				Total   int64        `json:"total"`
				Records []trackedOut `json:"records"`
			}
			env = s.c.Call(http.MethodPost, v1+"transportation/page", map[string]any{"search": "DHL"})
			apptest.ExpectOK(t, env)
			env.Into(t, &page)
			if page.Total != 1 || page.Records[0].LastMilestone != "已报关放行" || page.Records[0].Channel != "空派" {
				t.Fatalf("list = %+v", page)
			}

			// Another company: sees no shipment and no channel, changes none.
			other := newShop(t, h, "13700000002", "乙公司", 5)
			env = other.c.Call(http.MethodPost, v1+"transportation/page", nil)
			apptest.ExpectOK(t, env)
			env.Into(t, &page)
			if page.Total != 0 {
				t.Fatalf("乙 sees %d shipments", page.Total)
			}
			apptest.Expect(t, other.c.Call(http.MethodGet, path, nil), 404, "A0404", "货件不存在")
			apptest.Expect(t, other.c.Call(http.MethodPut, path, map[string]any{"freight": "1"}), 404, "A0404", "货件不存在")
			apptest.Expect(t, other.c.Call(http.MethodDelete, v1+"freightChannel/"+sea.ID, nil), 404, "A0404", "物流渠道不存在")
			apptest.Expect(t, other.c.Call(http.MethodPut, path, map[string]any{}), 404, "A0404", "货件不存在")
			apptest.Expect(t, other.c.Call(http.MethodDelete, typo, nil), 404, "A0404", "货件不存在")
			osh := other.shipmentFromPlan(t, 1)
			apptest.Expect(t, other.c.Call(http.MethodPut, v1+"transportation/"+osh.ShipmentID, map[string]any{"channelId": sea.ID, "grossWeight": "1"}), 400, "A0400", "物流渠道不存在")
		})
	}
}
