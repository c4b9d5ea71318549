package shipping

import (
	"context"
	"strconv"
	"strings"

	"github.com/skip2/go-qrcode"

	"sellerhub/app/core"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
)

// The QR code's scale: pixels per module. A pick list prints it at 4; larger is for labels.
const (
	QRScaleMin = 1
	QRScaleMax = 20
)

// MsgQRSizeBad refuses a QR code size that is not a whole number of at least QRScaleMin.
const MsgQRSizeBad = "二维码尺寸必须是正整数"

const whatShipment = "货件"

// PickList loads the pick list (配货单) of a shipment of the signed-in user's company by its shipment id
// (Amazon's FBA15..., or our LS...). Another company's shipment, and one of a store group the user is not
// granted, is not found.
func (s *Service) PickList(ctx context.Context, p core.Principal, shipmentID string) (*shippingdb.PickList, error) {
	shipmentID = strings.TrimSpace(shipmentID)
	if shipmentID == "" {
		return nil, core.NotFound(whatShipment)
	}
	pl, err := shippingdb.PickListOf(s.db.With(ctx), p.CompanyID, p.UserID, shipmentID)
	if models.IsNotFound(err) {
		return nil, core.NotFound(whatShipment)
	}
	if err != nil {
		return nil, err
	}
	reserve(pl)
	return pl, nil
}

// reserve works out what a pick list shows of the stock, the same on every print: each line's 本单占用, what the
// shipment holds (its units, moved to outbound at 配货; what left, once shipped; nothing while 待确认 or
// cancelled), and 剩余可用, the product's fulfillable stock once the shipment has all its units (while 待确认,
// less what its lines of that product will still take). The fulfillable stock alone, reprinted after 配货, no
// longer includes the shipment's units, and read as the stock to pick from it misleads the picker.
func reserve(pl *shippingdb.PickList) {
	pending := map[int64]int{}
	for i := range pl.Items {
		it := &pl.Items[i]
		switch pl.Status {
		case shippingdb.ShipmentPicking, shippingdb.ShipmentBoxing:
			it.Reserved = it.Quantity
		case shippingdb.ShipmentShipped:
			it.Reserved = it.QuantityShipped
		case shippingdb.ShipmentConfirm:
			pending[it.ProductID] += it.Quantity
		}
	}
	for i := range pl.Items {
		pl.Items[i].Left = pl.Items[i].Fulfillable - pending[pl.Items[i].ProductID]
	}
}

// ShipmentQRCode answers a PNG QR code of the shipment id, size pixels per module (clamped to QRScaleMax), for a
// shipment the user may see the pick list of.
func (s *Service) ShipmentQRCode(ctx context.Context, p core.Principal, shipmentID, size string) ([]byte, error) {
	scale, err := strconv.Atoi(strings.TrimSpace(size))
	if err != nil || scale < QRScaleMin {
		return nil, core.Invalid(MsgQRSizeBad)
	}
	pl, err := s.PickList(ctx, p, shipmentID)
	if err != nil {
		return nil, err
	}
	return QRCodePNG(pl.ShipmentID, min(scale, QRScaleMax))
}

// QRCodePNG encodes text as a PNG QR code with scale pixels per module and the standard quiet zone. Medium error
// correction survives a smudged print.
func QRCodePNG(text string, scale int) ([]byte, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	// A negative size is go-qrcode's way of asking for a fixed number of pixels per module.
	return q.PNG(-scale)
}

// QRCodeSVG encodes text as a QR code in SVG, one unit per module with the quiet zone: sharp at any print size.
func QRCodeSVG(text string) (string, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return "", err
	}
	bits := q.Bitmap()
	var b strings.Builder
	n := strconv.Itoa(len(bits))
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ` + n + " " + n + `" shape-rendering="crispEdges"><path d="`)
	for y, row := range bits {
		for x, dark := range row {
			if dark {
				b.WriteString("M" + strconv.Itoa(x) + " " + strconv.Itoa(y) + "h1v1h-1z")
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}
