package warehouse

import (
	"context"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/stock"
	"sellerhub/models"
)

// statusNames are the document states as the screens name them.
var statusNames = map[int]string{models.DocDraft: "待提交", models.DocSubmitted: "待审核",
	models.DocApproved: "已完成", models.DocCancelled: "已作废"}

// Document is an inbound or outbound document as its list shows it; the detail adds its lines.
type Document struct {
	ID            string         `json:"id"`
	Number        string         `json:"number"`
	Kind          string         `json:"kind"`
	WarehouseID   string         `json:"warehouseId"`
	WarehouseName string         `json:"warehouseName"`
	Status        int            `json:"status"`
	StatusName    string         `json:"statusName"`
	Remark        string         `json:"remark"`
	Creator       string         `json:"creator"`
	Approver      string         `json:"approver"`
	LineCount     int            `json:"lineCount"`
	TotalQuantity int            `json:"totalQuantity"`
	CreatedAt     string         `json:"createdAt"`
	SubmittedAt   string         `json:"submittedAt"`
	ApprovedAt    string         `json:"approvedAt"`
	CancelledAt   string         `json:"cancelledAt"`
	Lines         []DocumentLine `json:"lines,omitempty"`
}

// DocumentLine is a line of a document with its product.
type DocumentLine struct {
	ProductID string `json:"productId"`
	SKU       string `json:"sku"`
	Name      string `json:"name"`
	Image     string `json:"image"`
	Quantity  int    `json:"quantity"`
	Remark    string `json:"remark"`
	// Fulfillable is the product's fulfillable stock in the document's warehouse now.
	Fulfillable int `json:"fulfillable"`
}

func (h *Handler) document(d *models.DocumentRow) Document {
	return Document{ID: id(d.ID), Number: d.Number, Kind: d.Kind, WarehouseID: id(d.WarehouseID),
		WarehouseName: d.WarehouseName, Status: d.Status, StatusName: statusNames[d.Status], Remark: d.Remark,
		Creator: d.CreatorName, Approver: d.ApproverName, LineCount: d.LineCount, TotalQuantity: d.TotalQuantity,
		CreatedAt: api.FormatTime(&d.CreatedAt, h.TimeZone), SubmittedAt: api.FormatTime(d.SubmittedAt, h.TimeZone),
		ApprovedAt: api.FormatTime(d.ApprovedAt, h.TimeZone), CancelledAt: api.FormatTime(d.CancelledAt, h.TimeZone)}
}

// DocumentPage answers POST {kind}/page {currentpage, pagesize, number, warehouseId, status, startDate, endDate}.
func (h *Handler) DocumentPage(kind string) echo.HandlerFunc {
	return api.PageOf(func(ctx context.Context, p core.Principal, q stock.DocumentQuery) ([]models.DocumentRow, int64, core.PageRequest, error) {
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
				Quantity: l.Quantity, Remark: l.Remark, Fulfillable: l.Fulfillable}
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
	return api.ExportOf(x, what, kind+"List", func(ctx context.Context, p core.Principal, q stock.DocumentQuery) ([]models.DocumentRow, int64, core.PageRequest, error) {
		return h.Stock.DocumentPage(ctx, p, kind, q)
	}, h.document)
}
