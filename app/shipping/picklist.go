package shipping

import (
	"context"
	"strconv"
	"strings"

	"github.com/skip2/go-qrcode"

	"sellerhub/app/core"
	"sellerhub/models"
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
func (s *Service) PickList(ctx context.Context, p core.Principal, shipmentID string) (*models.PickList, error) {
	shipmentID = strings.TrimSpace(shipmentID)
	if shipmentID == "" {
		return nil, core.NotFound(whatShipment)
	}
	pl, err := s.db.With(ctx).PickList(p.CompanyID, p.UserID, shipmentID)
	if models.IsNotFound(err) {
		return nil, core.NotFound(whatShipment)
	}
	return pl, err
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
