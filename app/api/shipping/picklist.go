// The pick list calls of /erp/api/v1/shipForm: quotainfo/{shipmentid} (the 配货单's data) and
// getQRCode/{shipmentid}/{size} (the shipment id as a QR code image).

package shipping

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/shopspring/decimal"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	shippingdb "sellerhub/models/shipping"
)

// QuotaInfo is the pick list as the contract shapes it. skuamount is the number of lines, sumQuantity their
// planned units.
type QuotaInfo struct {
	ShipmentID  string     `json:"shipmentid"`
	CreateDate  string     `json:"createdate"`
	SKUAmount   int        `json:"skuamount"`
	SumQuantity int        `json:"sumQuantity"`
	GroupName   string     `json:"groupname"`
	Country     string     `json:"country"`
	Center      string     `json:"center"`
	Warehouse   string     `json:"warehouse"`
	Remark      string     `json:"remark"`
	AuditTime   string     `json:"auditime"`
	ItemList    []QuotaRow `json:"itemList"`
}

// QuotaRow is one line of the pick list. boxnum is the units per carton and box* the carton's weight (kg) and
// L*W*H (cm), null when unknown; invquantity is the product's fulfillable stock in the shipment's warehouse;
// quantityShipped is the quantity planned to ship (拟发货数), what the picker picks; reserved (本单占用) is the
// line's stock the shipment holds and left (剩余可用) what stays fulfillable once the shipment has all its units.
type QuotaRow struct {
	Image           string       `json:"image"`
	Name            string       `json:"name"`
	SKU             string       `json:"sku"`
	SellerSKU       string       `json:"sellersku"`
	BoxNum          *int         `json:"boxnum"`
	BoxWeight       *json.Number `json:"boxweight"`
	BoxLength       *json.Number `json:"boxlength"`
	BoxWidth        *json.Number `json:"boxwidth"`
	BoxHeight       *json.Number `json:"boxheight"`
	InvQuantity     int          `json:"invquantity"`
	QuantityShipped int          `json:"quantityShipped"`
	Reserved        int          `json:"reserved"`
	Left            int          `json:"left"`
}

// Quota shapes a pick list for the contract.
func Quota(pl *shippingdb.PickList, loc *time.Location) QuotaInfo {
	q := QuotaInfo{ShipmentID: pl.ShipmentID, CreateDate: api.FormatTime(&pl.CreatedAt, loc), SKUAmount: len(pl.Items),
		GroupName: pl.GroupName, Country: pl.Country, Center: pl.Center, Warehouse: pl.Warehouse, Remark: pl.Remark,
		AuditTime: api.FormatTime(pl.AuditedAt, loc), ItemList: make([]QuotaRow, len(pl.Items))}
	for i, it := range pl.Items {
		q.SumQuantity += it.Quantity
		q.ItemList[i] = QuotaRow{Image: it.Image, Name: it.Name, SKU: it.SKU, SellerSKU: it.SellerSKU,
			BoxNum: it.CartonUnits, BoxWeight: number(it.CartonWeight), BoxLength: number(it.CartonLength),
			BoxWidth: number(it.CartonWidth), BoxHeight: number(it.CartonHeight),
			InvQuantity: it.Fulfillable, QuantityShipped: it.Quantity, Reserved: it.Reserved, Left: it.Left}
	}
	return q
}

// number writes a measure as a JSON number without trailing zeros, or null when unknown.
func number(d decimal.NullDecimal) *json.Number {
	if !d.Valid {
		return nil
	}
	n := json.Number(d.Decimal.String())
	return &n
}

// QuotaInfo answers GET quotainfo/{shipmentid}.
func (h *Handler) QuotaInfo(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	pl, err := h.Shipping.PickList(c.Request().Context(), p, c.Param("shipmentid"))
	if err != nil {
		return err
	}
	return api.OK(c, Quota(pl, h.TimeZone))
}

// QRCode answers POST getQRCode/{shipmentid}/{size} with the PNG image, not JSON. The image is the company's
// data, so it is not cached by anyone else.
func (h *Handler) QRCode(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	png, err := h.Shipping.ShipmentQRCode(c.Request().Context(), p, c.Param("shipmentid"), c.Param("size"))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "private, no-store")
	return c.Blob(http.StatusOK, "image/png", png)
}
