package shipping

import (
	"context"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/shipping"
	shippingdb "sellerhub/models/shipping"
)

// Shipment is a shipment as the list shows it; the detail adds its items, cartons and timeline.
type Shipment struct {
	ID            string `json:"id"`
	ShipmentID    string `json:"shipmentId"`
	Name          string `json:"name"`
	PlanID        string `json:"planId"`
	GroupID       string `json:"groupId"`
	GroupName     string `json:"groupName"`
	MarketplaceID string `json:"marketplaceId"`
	Country       string `json:"country"`
	Center        string `json:"center"`
	WarehouseID   string `json:"warehouseId"`
	WarehouseName string `json:"warehouseName"`
	SKUCount      int    `json:"skuCount"`
	Quantity      int    `json:"quantity"`
	Status        int    `json:"status"`
	AmazonStatus  string `json:"amazonStatus"`
	StatusName    string `json:"statusName"`
	// Receivable is whether 收货 may still be recorded (shipped and not yet 已完成).
	Receivable bool `json:"receivable"`
	// InboundStatus is Amazon's status as the Fulfillment Inbound API last said ("" never asked), with its name;
	// StatusDiffers marks an Amazon status the seller set that disagrees with it.
	InboundStatus     string   `json:"inboundStatus"`
	InboundStatusName string   `json:"inboundStatusName"`
	InboundCheckedAt  string   `json:"inboundCheckedAt"`
	StatusDiffers     bool     `json:"statusDiffers"`
	Remark            string   `json:"remark"`
	Carrier           string   `json:"carrier"`
	Channel           string   `json:"channel"`
	Tracking          string   `json:"tracking"`
	Freight           string   `json:"freight"`
	CreatedAt         string   `json:"createdAt"`
	AuditedAt         string   `json:"auditedAt"`
	ShippedAt         string   `json:"shippedAt"`
	Items             []Item   `json:"items,omitempty"`
	Cartons           []Carton `json:"cartons,omitempty"`
	Events            []Event  `json:"events,omitempty"`
}

// Item is a shipment's line: planned, shipped and received, with the product's fulfillable stock.
type Item struct {
	ID               string `json:"id"`
	ProductID        string `json:"productId"`
	SKU              string `json:"sku"`
	Name             string `json:"name"`
	Image            string `json:"image"`
	SellerSKU        string `json:"sellerSku"`
	FNSKU            string `json:"fnsku"`
	Quantity         int    `json:"quantity"`
	QuantityShipped  int    `json:"quantityShipped"`
	QuantityReceived int    `json:"quantityReceived"`
	Fulfillable      int    `json:"fulfillable"`
	// AmazonShipped and AmazonReceived are Amazon's units (null: not asked yet); ReceivedDifference is Amazon's
	// received less quantityReceived (0 when they agree or Amazon was not asked).
	AmazonShipped      *int `json:"amazonShipped"`
	AmazonReceived     *int `json:"amazonReceived"`
	ReceivedDifference int  `json:"receivedDifference"`
}

// InboundRefresh is the answer of 同步亚马逊: the shipments asked about, those that changed, the items whose typed
// received units differ from Amazon's, and each store whose shipments could not be asked about, with why.
type InboundRefresh struct {
	Checked     int              `json:"checked"`
	Updated     int              `json:"updated"`
	Differences int              `json:"differences"`
	Problems    []InboundProblem `json:"problems"`
}

// InboundProblem is a store group and marketplace Amazon was not asked about, its shipments, and why.
type InboundProblem struct {
	GroupID       string   `json:"groupId"`
	MarketplaceID string   `json:"marketplaceId"`
	Country       string   `json:"country"`
	Shipments     []string `json:"shipments"`
	Message       string   `json:"message"`
}

// Carton is one carton with its measures and contents.
type Carton struct {
	ID     string        `json:"id"`
	Number int           `json:"number"`
	Weight string        `json:"weight"`
	Length string        `json:"length"`
	Width  string        `json:"width"`
	Height string        `json:"height"`
	Items  []CartonEntry `json:"items"`
}

// CartonEntry is how many units of an item a carton holds.
type CartonEntry struct {
	ItemID    string `json:"itemId"`
	SellerSKU string `json:"sellerSku"`
	Quantity  int    `json:"quantity"`
}

// Event is a line of the timeline.
type Event struct {
	Action     string `json:"action"`
	StatusName string `json:"statusName"`
	Detail     string `json:"detail"`
	Operator   string `json:"operator"`
	CreatedAt  string `json:"createdAt"`
}

func (h *Handler) shipmentRow(r *shippingdb.ShipmentRow) Shipment {
	out := Shipment{ID: id(r.ID), ShipmentID: r.ShipmentID, Name: r.Name, GroupID: id(r.GroupID), GroupName: r.GroupName,
		MarketplaceID: r.MarketplaceID, Country: country(r.MarketplaceID), Center: r.Center, WarehouseID: id(r.WarehouseID),
		WarehouseName: r.WarehouseName, SKUCount: r.SKUCount, Quantity: r.Quantity, Status: r.Status,
		AmazonStatus: r.AmazonStatus, StatusName: shipping.ShipmentStatusText(r.Status, r.AmazonStatus),
		Receivable: shipping.Receivable(r.Status, r.AmazonStatus), Remark: r.Remark,
		Carrier: r.Carrier, Channel: r.Channel, Tracking: r.Tracking, CreatedAt: api.FormatTime(&r.CreatedAt, h.TimeZone),
		AuditedAt: api.FormatTime(r.AuditedAt, h.TimeZone), ShippedAt: api.FormatTime(r.ShippedAt, h.TimeZone)}
	if r.PlanID != nil {
		out.PlanID = id(*r.PlanID)
	}
	if r.InboundStatus != "" {
		out.InboundStatus, out.InboundCheckedAt = r.InboundStatus, api.FormatTime(r.InboundCheckedAt, h.TimeZone)
		out.InboundStatusName = shipping.ShipmentStatusText(shippingdb.ShipmentShipped, r.InboundStatus)
		out.StatusDiffers = shipping.StatusDiffers(&r.Shipment)
	}
	if r.Freight.Valid {
		out.Freight = r.Freight.Decimal.StringFixed(2)
	}
	return out
}

func (h *Handler) shipment(d *shipping.ShipmentDetail) Shipment {
	out := h.shipmentRow(&d.ShipmentRow)
	skus := map[int64]string{}
	out.Items = make([]Item, len(d.Items))
	for i, it := range d.Items {
		skus[it.ID] = it.SellerSKU
		out.Items[i] = Item{ID: id(it.ID), ProductID: id(it.ProductID), SKU: it.SKU, Name: it.Name, Image: it.Image,
			SellerSKU: it.SellerSKU, FNSKU: it.FNSKU, Quantity: it.Quantity, QuantityShipped: it.QuantityShipped,
			QuantityReceived: it.QuantityReceived, Fulfillable: d.Fulfillable[it.ProductID],
			AmazonShipped: it.InboundShipped, AmazonReceived: it.InboundReceived}
		if it.InboundReceived != nil {
			out.Items[i].ReceivedDifference = *it.InboundReceived - it.QuantityReceived
		}
	}
	out.Cartons = make([]Carton, len(d.Cartons))
	for i, c := range d.Cartons {
		out.Cartons[i] = Carton{ID: id(c.ID), Number: c.Number, Weight: c.Weight.Decimal.String(),
			Length: c.Length.Decimal.String(), Width: c.Width.Decimal.String(), Height: c.Height.Decimal.String(),
			Items: make([]CartonEntry, len(c.Items))}
		for j, ci := range c.Items {
			out.Cartons[i].Items[j] = CartonEntry{ItemID: id(ci.ItemID), SellerSKU: skus[ci.ItemID], Quantity: ci.Quantity}
		}
	}
	out.Events = make([]Event, len(d.Events))
	for i, e := range d.Events {
		out.Events[i] = Event{Action: e.Action, StatusName: shipping.ShipmentStatusText(e.Status, e.AmazonStatus), Detail: e.Detail,
			Operator: e.Operator, CreatedAt: api.FormatTime(&e.CreatedAt, h.TimeZone)}
	}
	return out
}

// ShipmentPage answers POST shipment/page {currentpage, pagesize, sort, order, status, shipmentId}.
func (h *Handler) ShipmentPage(c *echo.Context) error {
	return api.PageOf(h.Shipping.ShipmentPage, h.shipmentRow)(c)
}

// GetShipment answers GET shipment/{shipmentid}: the shipment with its items, cartons and timeline.
func (h *Handler) GetShipment(c *echo.Context) error {
	return api.GetOne(h.Shipping.Shipment, h.shipment)(c)
}

// CreateFromPlan answers POST shipment/fromPlan {planId, shipmentId, name, center, remark}.
func (h *Handler) CreateFromPlan(c *echo.Context) error {
	return api.CreateOne(h.Shipping.CreateShipmentFromPlan, h.shipment)(c)
}

// CreateManual answers POST shipment {groupId, marketplaceId, warehouseId, shipmentId, name, center, remark,
// items:[{sellerSku, quantity}]}.
func (h *Handler) CreateManual(c *echo.Context) error {
	return api.CreateOne(h.Shipping.CreateManualShipment, h.shipment)(c)
}

// step answers a handling step without a body.
func (h *Handler) step(run func(context.Context, core.Principal, string) (*shipping.ShipmentDetail, error)) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _ := middleware.Principal(c)
		d, err := run(c.Request().Context(), p, c.Param("id"))
		if err != nil {
			return err
		}
		return api.OK(c, h.shipment(d))
	}
}

// Confirm answers POST shipment/{shipmentid}/confirm (配货).
func (h *Handler) Confirm(c *echo.Context) error { return h.step(h.Shipping.ConfirmShipment)(c) }

// Unconfirm answers POST shipment/{shipmentid}/unconfirm (取消配货).
func (h *Handler) Unconfirm(c *echo.Context) error { return h.step(h.Shipping.UnconfirmShipment)(c) }

// Box answers POST shipment/{shipmentid}/box {cartons:[{number, weight, length, width, height,
// items:[{itemId, quantity}]}]} (装箱).
func (h *Handler) Box(c *echo.Context) error {
	return api.UpdateOne(h.Shipping.BoxShipment, h.shipment)(c)
}

// Unbox answers POST shipment/{shipmentid}/unbox (取消装箱).
func (h *Handler) Unbox(c *echo.Context) error { return h.step(h.Shipping.UnboxShipment)(c) }

// Ship answers POST shipment/{shipmentid}/ship {carrier, channel, tracking, freight, items:[{itemId, quantity}]}
// (发货).
func (h *Handler) Ship(c *echo.Context) error {
	return api.UpdateOne(h.Shipping.ShipShipment, h.shipment)(c)
}

// Unship answers POST shipment/{shipmentid}/unship (取消发货).
func (h *Handler) Unship(c *echo.Context) error { return h.step(h.Shipping.UnshipShipment)(c) }

// Receive answers POST shipment/{shipmentid}/receive {items:[{itemId, quantity}]} (收货).
func (h *Handler) Receive(c *echo.Context) error {
	return api.UpdateOne(h.Shipping.ReceiveShipment, h.shipment)(c)
}

// AmazonStatus answers POST shipment/{shipmentid}/amazonStatus {status}.
func (h *Handler) AmazonStatus(c *echo.Context) error {
	return api.UpdateOne(h.Shipping.SetAmazonStatus, h.shipment)(c)
}

// InboundSync answers POST shipment/{shipmentid}/inboundSync: the shipment after asking Amazon's Fulfillment
// Inbound API about it (货件处理 asks on opening a shipped shipment, and on 同步亚马逊).
func (h *Handler) InboundSync(c *echo.Context) error {
	return h.step(h.Shipping.RefreshShipmentInbound)(c)
}

// InboundSyncAll answers POST shipment/inboundSync: every shipped shipment of the user's store groups that Amazon
// may still move on, asked about.
func (h *Handler) InboundSyncAll(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	r, err := h.Shipping.RefreshInbound(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := InboundRefresh{Checked: r.Checked, Updated: r.Updated, Differences: r.Differences, Problems: []InboundProblem{}}
	for _, pr := range r.Problems {
		out.Problems = append(out.Problems, InboundProblem{GroupID: id(pr.GroupID), MarketplaceID: pr.MarketplaceID,
			Country: country(pr.MarketplaceID), Shipments: pr.Shipments, Message: pr.Message})
	}
	return api.OK(c, out)
}

// Cancel answers POST shipment/{shipmentid}/cancel (取消货件).
func (h *Handler) Cancel(c *echo.Context) error { return h.step(h.Shipping.CancelShipment)(c) }

// ImportTemplate answers GET shipment/importTemplate: the workbook to fill in, its columns on the first sheet and
// on a second an example row and the allowed values.
func (h *Handler) ImportTemplate(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	f, err := h.Shipping.ShipmentTemplate(c.Request().Context(), p)
	if err != nil {
		return err
	}
	defer f.Close()
	return api.Workbook(c, "货件导入模板", f)
}

// Import answers POST shipment/import (multipart file): the shipments created, as [shipmentId], or every faulty
// row named and nothing saved.
func (h *Handler) Import(c *echo.Context) error {
	fh, err := c.FormFile("file")
	if err != nil {
		return core.Invalid(shipping.MsgShipmentImportFileEmpty)
	}
	file, err := fh.Open()
	if err != nil {
		return core.Invalid(shipping.MsgShipmentImportFileEmpty)
	}
	defer file.Close()
	rows, err := shipping.ReadShipmentSheet(file)
	if err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	ids, err := h.Shipping.ImportShipments(c.Request().Context(), p, rows)
	if err != nil {
		return err
	}
	return api.OK(c, ids)
}

// ShipmentExport answers GET shipment/export?<ShipmentPage's filters>: the whole query as 货件_<date>.xlsx.
func (h *Handler) ShipmentExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "货件", "shipmentList", h.Shipping.ShipmentPage, h.shipmentRow)
}

// AmazonShipment is a shipment Amazon has (货件同步), with its lines, whether it is imported, and the seller SKUs
// no local product is paired with.
type AmazonShipment struct {
	ShipmentID string               `json:"shipmentId"`
	Name       string               `json:"name"`
	Center     string               `json:"center"`
	Status     string               `json:"status"`
	StatusName string               `json:"statusName"`
	Imported   bool                 `json:"imported"`
	Unpaired   []string             `json:"unpaired"`
	Quantity   int                  `json:"quantity"`
	Items      []AmazonShipmentItem `json:"items"`
}

// AmazonShipmentItem is a line of an Amazon shipment, with its paired product ("" productId: none).
type AmazonShipmentItem struct {
	SellerSKU        string `json:"sellerSku"`
	FNSKU            string `json:"fnsku"`
	QuantityShipped  int    `json:"quantityShipped"`
	QuantityReceived int    `json:"quantityReceived"`
	QuantityInCase   int    `json:"quantityInCase"`
	ProductID        string `json:"productId"`
	SKU              string `json:"sku"`
	Name             string `json:"name"`
}

// AmazonShipments answers GET shipment/amazon?groupId&marketplaceId: the store's shipments at Amazon changed in
// the last 180 days (货件同步).
func (h *Handler) AmazonShipments(c *echo.Context) error {
	var q shipping.AmazonShipmentQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, err := h.Shipping.AmazonShipments(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]AmazonShipment, len(rows))
	for i, r := range rows {
		out[i] = AmazonShipment{ShipmentID: r.ShipmentID, Name: r.ShipmentName, Center: r.DestinationFulfillmentCenterID,
			Status: r.ShipmentStatus, StatusName: shipping.AmazonStatusText(r.ShipmentStatus),
			Imported: r.Imported, Unpaired: r.Unpaired, Items: make([]AmazonShipmentItem, len(r.Items))}
		if out[i].Unpaired == nil {
			out[i].Unpaired = []string{}
		}
		for j, it := range r.Items {
			out[i].Quantity += it.QuantityShipped
			out[i].Items[j] = AmazonShipmentItem{SellerSKU: it.SellerSKU, FNSKU: it.FulfillmentNetworkSKU, QuantityShipped: it.QuantityShipped,
				QuantityReceived: it.QuantityReceived, QuantityInCase: it.QuantityInCase, SKU: it.SKU, Name: it.Name}
			if it.ProductID != 0 {
				out[i].Items[j].ProductID = id(it.ProductID)
			}
		}
	}
	return api.OK(c, out)
}

// ImportAmazon answers POST shipment/amazon/import {groupId, marketplaceId, warehouseId, shipmentIds}: the
// shipment ids imported.
func (h *Handler) ImportAmazon(c *echo.Context) error {
	var f shipping.AmazonImportForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	ids, err := h.Shipping.ImportAmazonShipments(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, ids)
}
