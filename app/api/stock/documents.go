package stock

import (
	"context"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/stock"
	"sellerhub/models"
	stockdb "sellerhub/models/stock"
	"sellerhub/models/stores"
)

// statusNames are the document states as the screens name them.
var statusNames = map[int]string{stockdb.DocDraft: "待提交", stockdb.DocSubmitted: "待审核",
	stockdb.DocApproved: "已完成", stockdb.DocCancelled: "已作废"}

// Document is an inbound or outbound document as its list shows it; the detail adds its lines.
type Document struct {
	ID            string `json:"id"`
	Number        string `json:"number"`
	Kind          string `json:"kind"`
	WarehouseID   string `json:"warehouseId"`
	WarehouseName string `json:"warehouseName"`
	// A transfer's target warehouse (调入仓库), its receipt's receiver, time and the reason of a difference.
	ToWarehouseID   string `json:"toWarehouseId,omitempty"`
	ToWarehouseName string `json:"toWarehouseName,omitempty"`
	Receiver        string `json:"receiver,omitempty"`
	ReceivedAt      string `json:"receivedAt,omitempty"`
	Reason          string `json:"reason,omitempty"`
	Status          int    `json:"status"`
	StatusName      string `json:"statusName"`
	Remark          string `json:"remark"`
	Creator         string `json:"creator"`
	Approver        string `json:"approver"`
	LineCount       int    `json:"lineCount"`
	TotalQuantity   int    `json:"totalQuantity"`
	// TotalCost is the lines' quantities times their unit costs, CNY with two decimals; "" when no line has one.
	TotalCost   string         `json:"totalCost"`
	CreatedAt   string         `json:"createdAt"`
	SubmittedAt string         `json:"submittedAt"`
	ApprovedAt  string         `json:"approvedAt"`
	CancelledAt string         `json:"cancelledAt"`
	Lines       []DocumentLine `json:"lines,omitempty"`
	// A processing order's product made, how many, the fee per unit and the unit cost rolled up at approval
	// (CNY, two decimals; "" before).
	MadeProductID string `json:"madeProductId,omitempty"`
	MadeSKU       string `json:"madeSku,omitempty"`
	MadeName      string `json:"madeName,omitempty"`
	MadeQuantity  int    `json:"madeQuantity,omitempty"`
	ProcessFee    string `json:"processFee,omitempty"`
	MadeCost      string `json:"madeCost,omitempty"`
	// A 海外仓发货's destination: fba (the store group, marketplace, fulfilment centre and linked shipment) or buyer
	// (name, phone, address), the carrier and tracking number; and, on its detail, the ledger lines it wrote.
	Destination     string       `json:"destination,omitempty"`
	DestinationName string       `json:"destinationName,omitempty"`
	DestGroupID     string       `json:"destGroupId,omitempty"`
	DestGroupName   string       `json:"destGroupName,omitempty"`
	DestMarketplace string       `json:"destMarketplace,omitempty"`
	DestCountry     string       `json:"destCountry,omitempty"`
	DestCenter      string       `json:"destCenter,omitempty"`
	ShipmentID      string       `json:"shipmentId,omitempty"`
	BuyerName       string       `json:"buyerName,omitempty"`
	BuyerPhone      string       `json:"buyerPhone,omitempty"`
	BuyerAddress    string       `json:"buyerAddress,omitempty"`
	Carrier         string       `json:"carrier,omitempty"`
	Tracking        string       `json:"tracking,omitempty"`
	Ledger          []LedgerLine `json:"ledger,omitempty"`
	// A 海外仓入库's first leg: its 物流跟踪 channel (the carrier is Carrier), boxes and estimated arrival (yyyy-MM-dd,
	// "" before 发货).
	ChannelID        string `json:"channelId,omitempty"`
	Channel          string `json:"channel,omitempty"`
	Boxes            int    `json:"boxes,omitempty"`
	EstimatedArrival string `json:"estimatedArrival,omitempty"`
}

// destinationNames are a 海外仓发货's destinations as the screens name them.
var destinationNames = map[string]string{stockdb.DestFBA: "发往FBA", stockdb.DestBuyer: "发往买家"}

// overseas adds a 海外仓发货's destination to its answer.
func overseas(out *Document, d *stockdb.DocumentRow) {
	o := d.OverseasOut
	out.Destination, out.DestinationName, out.DestMarketplace, out.DestCenter = o.Destination, destinationNames[o.Destination], o.DestMarketplace, o.DestCenter
	out.ShipmentID, out.BuyerName, out.BuyerPhone, out.BuyerAddress = d.ShipmentNumber, o.BuyerName, o.BuyerPhone, o.BuyerAddress
	out.Carrier, out.Tracking, out.DestGroupName = o.Carrier, o.Tracking, d.DestGroupName
	if o.DestGroupID != nil {
		out.DestGroupID = id(*o.DestGroupID)
	}
	if m, ok := stores.MarketplaceByID(o.DestMarketplace); ok {
		out.DestCountry = m.Name
	}
}

// DocumentLine is a line of a document with its product.
type DocumentLine struct {
	ProductID string `json:"productId"`
	SKU       string `json:"sku"`
	Name      string `json:"name"`
	Image     string `json:"image"`
	Quantity  int    `json:"quantity"`
	// UnitCost is an inbound line's 单价 (CNY, two decimals) and Amount its quantity times it; "" when not entered.
	UnitCost string `json:"unitCost"`
	Amount   string `json:"amount"`
	Remark   string `json:"remark"`
	// Fulfillable is the product's fulfillable stock in the document's warehouse now.
	Fulfillable int `json:"fulfillable"`
	// Received is what a transfer's target received (nil until then).
	Received *int `json:"received,omitempty"`
	// BinID and BinCode are the bin an inbound line is put away into at approval ("" for 待上架).
	BinID   string `json:"binId"`
	BinCode string `json:"binCode"`
	// An exchange line's product made (换入产品), with its fulfillable stock in the warehouse now.
	ToProductID   string `json:"toProductId,omitempty"`
	ToSKU         string `json:"toSku,omitempty"`
	ToName        string `json:"toName,omitempty"`
	ToImage       string `json:"toImage,omitempty"`
	ToFulfillable int    `json:"toFulfillable,omitempty"`
}

func (h *Handler) document(d *stockdb.DocumentRow) Document {
	status := statusNames[d.Status]
	switch d.Kind {
	case stockdb.DocTransfer:
		status = transferStatusNames[d.Status]
	case stockdb.DocOverseasIn:
		status = overseasInStatusNames[d.Status]
	}
	out := Document{ID: id(d.ID), Number: d.Number, Kind: d.Kind, WarehouseID: id(d.WarehouseID),
		WarehouseName: d.WarehouseName, Status: d.Status, StatusName: statusNames[d.Status], Remark: d.Remark,
		Creator: d.CreatorName, Approver: d.ApproverName, LineCount: d.LineCount, TotalQuantity: d.TotalQuantity,
		TotalCost: yuan(d.TotalCost, 1),
		CreatedAt: api.FormatTime(&d.CreatedAt, h.TimeZone), SubmittedAt: api.FormatTime(d.SubmittedAt, h.TimeZone),
		ApprovedAt: api.FormatTime(d.ApprovedAt, h.TimeZone), CancelledAt: api.FormatTime(d.CancelledAt, h.TimeZone)}
	out.StatusName = status
	if d.MadeProductID != nil {
		fee := d.ProcessFee
		out.MadeProductID, out.MadeSKU, out.MadeName, out.MadeQuantity = id(*d.MadeProductID), d.MadeSKU, d.MadeName, d.MadeQuantity
		out.ProcessFee, out.MadeCost = yuan(&fee, 1), yuan(d.MadeCost, 1)
	}
	if d.Kind == stockdb.DocOverseasOut {
		overseas(&out, d)
	}
	if d.Kind == stockdb.DocOverseasIn {
		out.Channel, out.Carrier, out.Tracking, out.Boxes, out.EstimatedArrival = d.Channel, d.Carrier, d.Tracking, d.Boxes, d.EstimatedArrival
		if d.ChannelID != nil {
			out.ChannelID = id(*d.ChannelID)
		}
	}
	if d.ToWarehouseID != nil {
		out.ToWarehouseID, out.ToWarehouseName = id(*d.ToWarehouseID), d.ToWarehouseName
		out.Receiver, out.ReceivedAt, out.Reason = d.ReceiverName, api.FormatTime(d.ReceivedAt, h.TimeZone), d.Reason
	}
	return out
}

// transferStatusNames are a transfer's states: approved is shipped (调拨中), received is 已完成.
var transferStatusNames = map[int]string{stockdb.DocDraft: "待提交", stockdb.DocSubmitted: "待审核",
	stockdb.DocApproved: "调拨中", stockdb.DocCancelled: "已作废", stockdb.DocReceived: "已完成"}

// overseasInStatusNames are a 海外仓入库's states: approved is shipped (运输中), received is 已完成.
var overseasInStatusNames = map[int]string{stockdb.DocDraft: "待提交", stockdb.DocSubmitted: "待审核",
	stockdb.DocApproved: "运输中", stockdb.DocCancelled: "已作废", stockdb.DocReceived: "已完成"}

// ReceiveDocument answers POST {kind}/{id}/receive {lines:[{productId, received, binId}], reason}: a transfer's or
// a 海外仓入库's receipt at its target.
func (h *Handler) ReceiveDocument(kind string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var r stock.TransferReceipt
		if err := c.Bind(&r); err != nil {
			return err
		}
		p, _ := middleware.Principal(c)
		if err := stock.ReceiveInTransit(c.Request().Context(), h.Stock, p, kind, c.Param("id"), r); err != nil {
			return err
		}
		if d, _, err := h.Stock.Document(c.Request().Context(), p, kind, c.Param("id")); err == nil {
			middleware.NoteSubject(c, d.Number)
		}
		return api.OK(c, "success")
	}
}

// DocumentPage answers POST {kind}/page {currentpage, pagesize, number, warehouseId, status, startDate, endDate}.
func (h *Handler) DocumentPage(kind string) echo.HandlerFunc {
	return api.PageOf(func(ctx context.Context, p core.Principal, q stock.DocumentQuery) ([]stockdb.DocumentRow, int64, core.PageRequest, error) {
		return h.Stock.DocumentPage(ctx, p, kind, q)
	}, h.document)
}

// GetDocument answers GET {kind}/{id}: the document with its lines.
func (h *Handler) GetDocument(kind string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _ := middleware.Principal(c)
		d, lines, err := h.Stock.Document(c.Request().Context(), p, kind, c.Param("id"))
		if err != nil {
			return err
		}
		out := h.document(d)
		out.Lines = make([]DocumentLine, len(lines))
		for i, l := range lines {
			out.Lines[i] = DocumentLine{ProductID: id(l.ProductID), SKU: l.SKU, Name: l.Name, Image: l.Image,
				Quantity: l.Quantity, UnitCost: yuan(l.UnitCost, 1), Amount: yuan(l.UnitCost, int64(l.Quantity)), Remark: l.Remark,
				Fulfillable: l.Fulfillable, Received: l.Received, BinCode: l.BinCode}
			if l.BinID != nil {
				out.Lines[i].BinID = id(*l.BinID)
			}
			if l.ToProductID != nil {
				out.Lines[i].ToProductID, out.Lines[i].ToSKU, out.Lines[i].ToName = id(*l.ToProductID), l.ToSKU, l.ToName
				out.Lines[i].ToImage, out.Lines[i].ToFulfillable = l.ToImage, l.ToFulfillable
			}
		}
		if kind == stockdb.DocOverseasOut || kind == stockdb.DocOverseasIn {
			ledger, err := stock.DocumentLedger(c.Request().Context(), h.Stock, p, d)
			if err != nil {
				return err
			}
			out.Ledger = make([]LedgerLine, len(ledger))
			for i := range ledger {
				out.Ledger[i] = h.ledgerLine(&ledger[i])
			}
		}
		return api.OK(c, out)
	}
}

// CreateDocument answers POST {kind} {warehouseId, remark, lines:[{productId, quantity, remark}]} with {id,
// number} of the new draft.
func (h *Handler) CreateDocument(kind string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var f stock.DocumentForm
		if err := c.Bind(&f); err != nil {
			return err
		}
		p, _ := middleware.Principal(c)
		d, err := h.Stock.CreateDocument(c.Request().Context(), p, kind, f)
		if err != nil {
			return err
		}
		return api.OK(c, map[string]string{"id": id(d.ID), "number": d.Number})
	}
}

// UpdateDocument answers PUT {kind}/{id} with a new document's body, while the document is 待提交.
func (h *Handler) UpdateDocument(kind string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var f stock.DocumentForm
		if err := c.Bind(&f); err != nil {
			return err
		}
		p, _ := middleware.Principal(c)
		if err := h.Stock.UpdateDocument(c.Request().Context(), p, kind, c.Param("id"), f); err != nil {
			return err
		}
		return api.OK(c, "success")
	}
}

// SubmitDocument answers POST {kind}/{id}/submit.
func (h *Handler) SubmitDocument(kind string) echo.HandlerFunc {
	return h.step(kind, h.Stock.SubmitDocument)
}

// ApproveDocument answers POST {kind}/{id}/approve.
func (h *Handler) ApproveDocument(kind string) echo.HandlerFunc {
	return h.step(kind, h.Stock.ApproveDocument)
}

// CancelDocument answers POST {kind}/{id}/cancel.
func (h *Handler) CancelDocument(kind string) echo.HandlerFunc {
	return h.step(kind, h.Stock.CancelDocument)
}

// step answers a state change of the document in the path with "success"; the operation log gets the
// document's number.
func (h *Handler) step(kind string, change func(context.Context, core.Principal, string, string) error) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _ := middleware.Principal(c)
		if err := change(c.Request().Context(), p, kind, c.Param("id")); err != nil {
			return err
		}
		if d, _, err := h.Stock.Document(c.Request().Context(), p, kind, c.Param("id")); err == nil {
			middleware.NoteSubject(c, d.Number)
		}
		return api.OK(c, "success")
	}
}

// DocumentExport answers GET {kind}/export?<DocumentPage's filters>: the whole query as <what>_<date>.xlsx
// (入库单, 出库单).
func (h *Handler) DocumentExport(x api.Exporter, kind, what string) echo.HandlerFunc {
	return api.ExportOf(x, what, kind+"List", func(ctx context.Context, p core.Principal, q stock.DocumentQuery) ([]stockdb.DocumentRow, int64, core.PageRequest, error) {
		return h.Stock.DocumentPage(ctx, p, kind, q)
	}, h.document)
}

// yuan writes times an amount in models.Money's units as yuan with two decimals; "" for no amount.
func yuan(units *int64, times int64) string {
	if units == nil {
		return ""
	}
	return models.MoneyFromUnits(*units * times).StringFixed(2)
}
