package pages

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/shipping"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
	storesdb "sellerhub/models/stores"
	"sellerhub/views"
)

// ShipScreen serves one of the FBA shipment screens in the ship island: 发货计划 (plans), 发货计划提交 (planEdit,
// ?id= for an existing plan, titled 发货计划详情 once submitted), 货件处理 (shipments) and the handling steps
// (shipstep, ?shipmentid=).
func (h *Handler) ShipScreen(title, screen string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		p, _, menu, err := h.signedInUser(c)
		if err != nil {
			return err
		}
		props := views.ShipScreenProps{Screen: screen, Permissions: menu.Permissions, PlanID: c.QueryParam("id"),
			ShipmentID: strings.TrimSpace(c.QueryParam("shipmentid"))}
		if screen == "shipments" {
			for _, st := range shipping.ShipmentStatuses {
				props.Statuses = append(props.Statuses, views.ShipmentStatus{Code: st.Code, Name: st.Name})
			}
		}
		heading := title
		if screen == "planEdit" && props.PlanID != "" {
			// A plan past 待提交 is only read here: its page says so. One the user may not see keeps the title,
			// and the island reports why it cannot load it.
			if d, err := h.Shipping.ShipmentPlan(c.Request().Context(), p, props.PlanID); err == nil && d.Status != shippingdb.PlanDraft {
				heading = "发货计划详情"
			}
		}
		page := views.ShipScreenPage{Page: h.contentPage(c, heading, "ship.js"), Heading: heading, Props: props}
		return h.render(c, http.StatusOK, views.ShipScreen(page, h.Assets.URL("theme.js")))
	}
}

// ShipmentDetails is /shipmentdetails?shipmentid=: everything about one shipment, read only and server-rendered,
// for those granted the 货件处理 screen (routes.go) and only within the store groups they are limited to.
func (h *Handler) ShipmentDetails(c *echo.Context) error {
	p, _, _, err := h.signedInUser(c)
	if err != nil {
		return err
	}
	d, err := h.Shipping.Shipment(c.Request().Context(), p, c.QueryParam("shipmentid"))
	if err != nil {
		return err
	}
	tz := h.Config.TimeZone
	m, _ := storesdb.MarketplaceByID(d.MarketplaceID)
	freight := ""
	if d.Freight.Valid {
		freight = models.Money{Decimal: d.Freight.Decimal}.Text("CNY") // 头程 is paid in yuan
	}
	// A status the seller set that Amazon's Inbound API contradicts shows both, as 货件处理 does.
	amazonStatus := d.AmazonStatus
	if shipping.StatusDiffers(&d.Shipment) {
		amazonStatus += "（亚马逊：" + d.InboundStatus + "）"
	}
	page := views.ShipmentDetailsPage{Page: h.contentPage(c, "货件详情 "+d.ShipmentID),
		PickList:     "/orderblank?shipmentid=" + url.QueryEscape(d.ShipmentID),
		Invoice:      TabLink("/invoice/addshipment", "添加货件发票 "+d.ShipmentID) + "&shipmentid=" + url.QueryEscape(d.ShipmentID),
		InvoiceTitle: "添加货件发票 " + d.ShipmentID,
		Fields: [][2]string{
			{"货件ID", d.ShipmentID}, {"货件名称", d.Name}, {"状态", shipping.ShipmentStatusText(d.Status, d.AmazonStatus)},
			{"店铺", d.GroupName}, {"国家", m.Country}, {"目的配送中心", d.Center},
			{"发货仓库", d.WarehouseName}, {"亚马逊状态", amazonStatus}, {"亚马逊核对时间", api.FormatTime(d.InboundCheckedAt, tz)}, {"备注", d.Remark},
			{"承运商", d.Carrier}, {"物流渠道", d.Channel}, {"跟踪单号", d.Tracking},
			{"运费", freight}, {"创建时间", api.FormatTime(&d.CreatedAt, tz)}, {"审核时间", api.FormatTime(d.AuditedAt, tz)},
			{"发货时间", api.FormatTime(d.ShippedAt, tz)},
		}}
	skus := map[int64]string{}
	// As 收货 shows it: before Amazon has received anything, no line is short.
	received := false
	for _, it := range d.Items {
		received = received || it.QuantityReceived != 0
	}
	for _, it := range d.Items {
		skus[it.ID] = it.SellerSKU
		difference := "—"
		if received {
			difference = strconv.Itoa(it.QuantityReceived - it.QuantityShipped)
		}
		amazon := "—"
		if it.InboundReceived != nil {
			amazon = strconv.Itoa(*it.InboundReceived)
		}
		page.Items = append(page.Items, views.ShipmentDetailsItem{SKU: it.SKU, Name: it.Name, SellerSKU: it.SellerSKU,
			FNSKU: it.FNSKU, Quantity: it.Quantity, Shipped: it.QuantityShipped, Received: it.QuantityReceived,
			Difference: difference, AmazonReceived: amazon,
			Disagrees: it.ReceivedByHand && it.InboundReceived != nil && *it.InboundReceived != it.QuantityReceived})
	}
	for _, ct := range d.Cartons {
		var contents []string
		for _, ci := range ct.Items {
			contents = append(contents, fmt.Sprintf("%s × %d", skus[ci.ItemID], ci.Quantity))
		}
		page.Cartons = append(page.Cartons, views.ShipmentDetailsCarton{Number: ct.Number, Weight: ct.Weight.Decimal.String(),
			Size:     ct.Length.Decimal.String() + "*" + ct.Width.Decimal.String() + "*" + ct.Height.Decimal.String(),
			Contents: strings.Join(contents, "，")})
	}
	for _, e := range d.Events {
		page.Events = append(page.Events, views.ShipmentDetailsEvent{Time: api.FormatTime(&e.CreatedAt, tz), Action: e.Action,
			Status: shipping.ShipmentStatusText(e.Status, e.AmazonStatus), Detail: e.Detail, Operator: e.Operator})
	}
	return h.render(c, http.StatusOK, views.ShipmentDetails(page, h.Assets.URL("theme.js")))
}
