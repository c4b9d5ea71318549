package shipping

import (
	"context"
	"fmt"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
)

// Messages of a shipment's labels.
const (
	msgLabelItemNoFNSKU = "货件中的平台SKU“%s”没有FNSKU，不能打印标签"
	// MsgLabelShipmentEmpty refuses a shipment without items to label.
	MsgLabelShipmentEmpty = "该货件没有商品"
)

// shipmentChoicesLimit bounds the shipments the label form offers.
const shipmentChoicesLimit = 200

// ShipmentLabels loads what 商品标签 prints for a shipment of the signed-in user's company: each item's FNSKU,
// title and units. Another company's shipment and one of a group the user is not granted are not found; an item
// without an FNSKU is refused by its seller SKU, since a unit without its label is refused at the warehouse.
func (s *Service) ShipmentLabels(ctx context.Context, p core.Principal, shipmentID string) ([]shippingdb.LabelLine, error) {
	shipmentID = strings.TrimSpace(shipmentID)
	if shipmentID == "" {
		return nil, core.NotFound(whatShipment)
	}
	lines, err := shippingdb.ShipmentLabelLines(s.db.With(ctx), p.CompanyID, p.UserID, shipmentID)
	if models.IsNotFound(err) {
		return nil, core.NotFound(whatShipment)
	}
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, core.Invalid(MsgLabelShipmentEmpty)
	}
	for _, l := range lines {
		if l.FNSKU == "" {
			return nil, core.Invalid(fmt.Sprintf(msgLabelItemNoFNSKU, l.SellerSKU))
		}
	}
	return lines, nil
}

// ShipmentChoices lists the recent shipments the label form offers, of the groups the user is granted.
func (s *Service) ShipmentChoices(ctx context.Context, p core.Principal) ([]shippingdb.ShipmentChoice, error) {
	return shippingdb.RecentShipments(s.db.With(ctx), p.CompanyID, p.UserID, shipmentChoicesLimit)
}
