package shipping

import (
	"context"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/profit"
	"sellerhub/app/shipping"
	shippingdb "sellerhub/models/shipping"
)

// TrackingHandler serves 物流跟踪: the channels, each shipment's first leg and its milestones, and the spread of
// its freight as 利润报告's 头程 makes it.
type TrackingHandler struct {
	Tracking *shipping.Tracking
	Profit   *profit.Service
	TimeZone *time.Location
}

// Channel is a first-leg channel as its list and forms show it.
type Channel struct {
	ID        string `json:"id"`
	Carrier   string `json:"carrier"`
	Name      string `json:"name"`
	Mode      string `json:"mode"`
	ModeName  string `json:"modeName"`
	Days      int    `json:"days"`
	Basis     string `json:"basis"`
	BasisName string `json:"basisName"`
	UnitPrice string `json:"unitPrice"`
	Remark    string `json:"remark"`
	Shipments int    `json:"shipments"`
}

func channel(r *shippingdb.ChannelRow) Channel {
	return Channel{ID: id(r.ID), Carrier: r.CarrierName, Name: r.Name, Mode: r.Mode, ModeName: shipping.ModeNames[r.Mode],
		Days: r.Days, Basis: r.Basis, BasisName: shipping.BasisNames[r.Basis], UnitPrice: r.UnitPrice.StringFixed(2),
		Remark: r.Remark, Shipments: r.Shipments}
}

// ChannelOptions answers GET overseasIn/channels: the company's channels by carrier and name (a page of 100), for a
// 海外仓入库's form.
func (h *TrackingHandler) ChannelOptions(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, _, _, err := h.Tracking.ChannelPage(c.Request().Context(), p, shipping.ChannelQuery{PageRequest: core.PageRequest{Current: 1, Size: 100}})
	if err != nil {
		return err
	}
	out := make([]Channel, len(rows))
	for i := range rows {
		out[i] = channel(&rows[i])
	}
	return api.OK(c, out)
}

// Tracked is a shipment as 物流跟踪 shows it.
type Tracked struct {
	ShipmentID       string `json:"shipmentId"`
	Name             string `json:"name"`
	GroupName        string `json:"groupName"`
	MarketplaceID    string `json:"marketplaceId"`
	WarehouseName    string `json:"warehouseName"`
	Status           int    `json:"status"`
	Quantity         int    `json:"quantity"`
	Carrier          string `json:"carrier"`
	ChannelID        string `json:"channelId"`
	Channel          string `json:"channel"`
	ModeName         string `json:"modeName"`
	Tracking         string `json:"tracking"`
	GrossWeight      string `json:"grossWeight"`
	Volume           string `json:"volume"`
	Freight          string `json:"freight"`
	FreightSource    string `json:"freightSource"`
	ShippedAt        string `json:"shippedAt"`
	EstimatedArrival string `json:"estimatedArrival"`
	LastMilestone    string `json:"lastMilestone"`
}

// Milestone is a step of a shipment's first leg.
type Milestone struct {
	ID          string `json:"id"`
	HappenedAt  string `json:"happenedAt"`
	Location    string `json:"location"`
	Description string `json:"description"`
}

// Share is what a shipment's freight puts on one of its seller SKUs.
type Share struct {
	SellerSKU string `json:"sellerSku"`
	SKU       string `json:"sku"`
	Quantity  int64  `json:"quantity"`
	Measure   string `json:"measure"`
	Share     string `json:"share"`
	PerUnit   string `json:"perUnit"`
	Guessed   bool   `json:"guessed"`
}

// TrackedDetail is a shipment's first leg with its milestones and its freight's spread over its SKUs.
type TrackedDetail struct {
	Tracked
	Milestones []Milestone `json:"milestones"`
	Basis      string      `json:"basis"`
	Shares     []Share     `json:"shares"`
}

var freightSources = map[string]string{shippingdb.FreightFromChannel: "按渠道计算", shippingdb.FreightTyped: "手工填写"}

func (h *TrackingHandler) tracked(sh *shippingdb.ShipmentRow, channelName, mode, last string) Tracked {
	out := Tracked{ShipmentID: sh.ShipmentID, Name: sh.Name, GroupName: sh.GroupName, MarketplaceID: sh.MarketplaceID,
		WarehouseName: sh.WarehouseName, Status: sh.Status, Quantity: sh.Quantity, Carrier: sh.Carrier, Channel: sh.Channel,
		ModeName: shipping.ModeNames[mode], Tracking: sh.Tracking, FreightSource: freightSources[sh.FreightSource],
		ShippedAt: api.FormatTime(sh.ShippedAt, h.TimeZone), EstimatedArrival: sh.EstimatedArrival, LastMilestone: last}
	if channelName != "" {
		out.Channel = channelName
	}
	if sh.ChannelID != nil {
		out.ChannelID = id(*sh.ChannelID)
	}
	if sh.GrossWeight.Valid {
		out.GrossWeight = sh.GrossWeight.Decimal.String()
	}
	if sh.Volume.Valid {
		out.Volume = sh.Volume.Decimal.String()
	}
	if sh.Freight.Valid {
		out.Freight = sh.Freight.Decimal.StringFixed(2)
	}
	return out
}

func (h *TrackingHandler) row(r *shippingdb.TrackingRow) Tracked {
	return h.tracked(&r.ShipmentRow, r.ChannelName, r.ChannelMode, r.LastMilestone)
}

// ChannelPage answers POST freightChannel/page {currentpage, pagesize, keyword}.
func (h *TrackingHandler) ChannelPage(c *echo.Context) error {
	return api.PageOf(func(ctx context.Context, p core.Principal, q shipping.ChannelQuery) ([]shippingdb.ChannelRow, int64, core.PageRequest, error) {
		return h.Tracking.ChannelPage(ctx, p, q)
	}, channel)(c)
}

// ChannelExport answers GET freightChannel/export: the whole query as 物流渠道_<date>.xlsx.
func (h *TrackingHandler) ChannelExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "物流渠道", "freightChannelList", h.Tracking.ChannelPage, channel)
}

// SaveChannel answers POST freightChannel and PUT freightChannel/{id}.
func (h *TrackingHandler) SaveChannel(c *echo.Context) error {
	var f shipping.ChannelForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	ch, err := h.Tracking.SaveChannel(c.Request().Context(), p, c.Param("id"), f)
	if err != nil {
		return err
	}
	middleware.NoteSubject(c, ch.CarrierName+" "+ch.Name)
	return api.OK(c, channel(ch))
}

// DeleteChannel answers DELETE freightChannel/{id}.
func (h *TrackingHandler) DeleteChannel(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Tracking.DeleteChannel(c.Request().Context(), p, c.Param("id")); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// Page answers POST transportation/page {currentpage, pagesize, search, channelId, tracked}.
func (h *TrackingHandler) Page(c *echo.Context) error {
	return api.PageOf(h.Tracking.Page, h.row)(c)
}

// Export answers GET transportation/export: the whole query as 物流跟踪_<date>.xlsx.
func (h *TrackingHandler) Export(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "物流跟踪", "transportationList", h.Tracking.Page, h.row)
}

// Get answers GET transportation/{shipmentid}: the first leg, the milestones (latest first) and the freight's
// spread over the shipment's SKUs by the company's 利润配置.
func (h *TrackingHandler) Get(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ctx := c.Request().Context()
	sh, ms, err := h.Tracking.Shipment(ctx, p, c.Param("shipmentid"))
	if err != nil {
		return err
	}
	mode := ""
	if sh.ChannelID != nil {
		if ch, err := h.Tracking.Channel(ctx, p, *sh.ChannelID); err == nil {
			mode = ch.Mode
		}
	}
	last := ""
	if len(ms) > 0 {
		last = ms[0].Description
	}
	out := TrackedDetail{Tracked: h.tracked(sh, "", mode, last), Milestones: make([]Milestone, len(ms)), Shares: []Share{}}
	for i, m := range ms {
		out.Milestones[i] = Milestone{ID: strconv.FormatInt(m.ID, 10), HappenedAt: api.FormatTime(&m.HappenedAt, h.TimeZone), Location: m.Location, Description: m.Description}
	}
	shares, basis, err := h.Profit.ShipmentShares(ctx, p.CompanyID, sh.ID)
	if err != nil {
		return err
	}
	out.Basis = profit.BasisNames[basis]
	for _, s := range shares {
		per := ""
		if s.Quantity > 0 {
			per = s.Share.DivRound(decimal.NewFromInt(s.Quantity), 4).StringFixed(4)
		}
		out.Shares = append(out.Shares, Share{SellerSKU: s.SellerSKU, SKU: s.ProductSKU, Quantity: s.Quantity,
			Measure: s.Measure.Round(4).String(), Share: s.Share.StringFixed(2), PerUnit: per, Guessed: s.Guessed})
	}
	return api.OK(c, out)
}

// Save answers PUT transportation/{shipmentid} {channelId, tracking, grossWeight, volume, freight}.
func (h *TrackingHandler) Save(c *echo.Context) error {
	var f shipping.TrackingForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Tracking.SaveTracking(c.Request().Context(), p, c.Param("shipmentid"), f); err != nil {
		return err
	}
	middleware.NoteSubject(c, c.Param("shipmentid"))
	return api.OK(c, "success")
}

// AddMilestone answers POST transportation/{shipmentid}/milestone {happenedAt, location, description}.
func (h *TrackingHandler) AddMilestone(c *echo.Context) error {
	var f shipping.MilestoneForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Tracking.AddMilestone(c.Request().Context(), p, c.Param("shipmentid"), f); err != nil {
		return err
	}
	middleware.NoteSubject(c, c.Param("shipmentid"))
	return api.OK(c, "success")
}

// EditMilestone answers PUT transportation/{shipmentid}/milestone/{id} {happenedAt, location, description}.
func (h *TrackingHandler) EditMilestone(c *echo.Context) error {
	var f shipping.MilestoneForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Tracking.EditMilestone(c.Request().Context(), p, c.Param("shipmentid"), c.Param("id"), f); err != nil {
		return err
	}
	middleware.NoteSubject(c, c.Param("shipmentid"))
	return api.OK(c, "success")
}

// DeleteMilestone answers DELETE transportation/{shipmentid}/milestone/{id}.
func (h *TrackingHandler) DeleteMilestone(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Tracking.DeleteMilestone(c.Request().Context(), p, c.Param("shipmentid"), c.Param("id")); err != nil {
		return err
	}
	middleware.NoteSubject(c, c.Param("shipmentid"))
	return api.OK(c, "success")
}

// MilestoneTemplate answers GET transportation/milestoneTemplate: the import's workbook with its header row.
func (h *TrackingHandler) MilestoneTemplate(c *echo.Context) error {
	f := excelize.NewFile()
	defer f.Close()
	sheet := f.GetSheetName(0)
	for i, title := range shipping.MilestoneHeader {
		cell, _ := excelize.CoordinatesToCellName(i+1, 1)
		if err := f.SetCellStr(sheet, cell, title); err != nil {
			return err
		}
	}
	_ = f.SetCellStr(sheet, "A2", "FBA15EXAMPLE")
	_ = f.SetCellStr(sheet, "B2", time.Now().In(h.TimeZone).Format("2006-01-02 15:04"))
	_ = f.SetCellStr(sheet, "C2", "深圳盐田港")
	_ = f.SetCellStr(sheet, "D2", "已开船")
	return api.Workbook(c, "物流节点导入模板", f)
}

// ImportMilestones answers POST transportation/milestoneImport (multipart file): how many milestones were added,
// or the first faulty row named and nothing saved.
func (h *TrackingHandler) ImportMilestones(c *echo.Context) error {
	fh, err := c.FormFile("file")
	if err != nil {
		return core.Invalid("请选择要导入的文件")
	}
	file, err := fh.Open()
	if err != nil {
		return core.Invalid("请选择要导入的文件")
	}
	defer file.Close()
	rows, err := shipping.ReadMilestoneSheet(file)
	if err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	n, err := h.Tracking.ImportMilestones(c.Request().Context(), p, rows)
	if err != nil {
		return err
	}
	return api.OK(c, n)
}
