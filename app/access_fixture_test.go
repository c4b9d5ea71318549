package app_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	amazondatadb "sellerhub/models/amazondata"
	catalogdb "sellerhub/models/catalog"
	claimsdb "sellerhub/models/claims"
	datasyncdb "sellerhub/models/datasync"
	referencedb "sellerhub/models/reference"
	"sellerhub/models/seed"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// companyA is the demo company with one of every entity, the ids each route is called with, and the words that
// give its data away in an answer: markers of the company (another company must never see them) and of its
// store group G1 (a user limited to G2 must never see them).
type companyA struct {
	id, g1, g2 int64
	ids        map[string]string // route path segment (the one before the parameter) -> an id of A
	query      map[string]string // query parameters the routes read, with A's values
	markers    []string
	g1Markers  []string
	// g1FBA are the ids that address G1's FBA warehouse instead (the warehouse, an approved inbound document of
	// it and a draft outbound one), for the calls of the routes that touch stock or warehouses.
	g1FBA map[string]string
}

// inG1FBA is A as the routes that touch stock or warehouses address G1's FBA warehouse, its stock and documents.
func (a *companyA) inG1FBA() *companyA {
	view := *a
	view.ids, view.query = map[string]string{}, map[string]string{}
	for k, v := range a.ids {
		view.ids[k] = v
	}
	for k, v := range a.query {
		view.query[k] = v
	}
	for k, v := range a.g1FBA {
		view.ids[k] = v
	}
	view.query["warehouseId"] = a.g1FBA["warehouse"]
	return &view
}

// matrixUser is how every fixture user signs in.
const matrixPassword = "Passw0rd!"

// seedCompanyA fills the demo company through its owner's API calls (so every entity is one the product itself
// made), adds an authorised seller and an advertising authorisation of G1 straight in the database (they need
// Amazon's consent otherwise), and clears the operation log the calls wrote.
func seedCompanyA(t *testing.T, h *apptest.Harness) *companyA {
	t.Helper()
	owner := h.Client()
	apptest.ExpectOK(t, owner.Login(apptest.AdminAccount, apptest.AdminPassword))
	admin, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	a := &companyA{id: admin.CompanyID, ids: map[string]string{}, query: map[string]string{},
		markers:   []string{"MATRIXA", "演示店铺", "DEMO-MUG-01", "MUG-BLUE-350", "深圳自有仓", apptest.AdminAccount},
		g1Markers: []string{"演示店铺", "MUG-BLUE-350", "演示货件", "MATRIXG1", "FBA美国仓"}}
	create := func(path string, body any) string {
		t.Helper()
		env := owner.Call(http.MethodPost, path, body)
		apptest.ExpectOK(t, env)
		return createdID(t, env)
	}
	var g1 storesdb.StoreGroup
	if err := h.DB.Where("company_id = ? AND name = ?", a.id, "演示店铺").Take(&g1).Error; err != nil {
		t.Fatal(err)
	}
	a.g1 = g1.ID
	g2 := create("/amazon/api/v1/amzauthority/storeGroups", map[string]string{"name": "MATRIXG2 店"})
	fmt.Sscan(g2, &a.g2)

	var own, fba stockdb.Warehouse
	h.DB.Where("company_id = ? AND name = ?", a.id, "深圳自有仓").Take(&own)
	h.DB.Where("company_id = ? AND group_id = ?", a.id, a.g1).Take(&fba)
	var product catalogdb.LocalProduct
	h.DB.Where("company_id = ? AND sku = ?", a.id, "DEMO-MUG-01").Take(&product)
	var listing catalogdb.Listing
	h.DB.Where("company_id = ? AND seller_sku = ?", a.id, "MUG-BLUE-350").Take(&listing)
	var brand catalogdb.Brand
	h.DB.Where("company_id = ?", a.id).Take(&brand)
	var category catalogdb.Category
	h.DB.Where("company_id = ?", a.id).Take(&category)
	var dict referencedb.Dict
	h.DB.Where("company_id = ?", a.id).Take(&dict)
	var item referencedb.DictItem
	h.DB.Where("company_id = ? AND dict_code = ?", a.id, dict.Code).Take(&item)
	var menu admindb.Menu
	h.DB.Where("path = ?", "/sys/dict").Take(&menu)
	var permission admindb.MenuPermission
	h.DB.Take(&permission)
	str := func(id int64) string { return fmt.Sprint(id) }

	tagGroup := create("/admin/api/v1/tagGroups", map[string]string{"name": "MATRIXA 分组"})
	a.ids = map[string]string{
		"material": str(product.ID), "brand": str(brand.ID), "category": str(category.ID), "listing": str(listing.ID), "products": str(listing.ID), "price": str(listing.ID), "sales": str(listing.ID),
		"warehouse": str(own.ID), "dicts": str(dict.ID), "dict-items": str(item.ID), "select_list": dict.Code,
		"menus": str(menu.ID), "permissions": str(permission.ID), "storeGroups": str(a.g1),
		"shipment": seed.DemoShipmentNew, "quotainfo": seed.DemoShipmentNew, "getQRCode": seed.DemoShipmentNew,
		"size": "200", "exception": "403", "uploads": "matrix.png", "tagGroups": tagGroup,
		"tags":      create("/admin/api/v1/tags", map[string]string{"name": "MATRIXA 标签", "groupId": tagGroup}),
		"roles":     create("/admin/api/v1/roles", map[string]string{"name": "MATRIXA 角色"}),
		"depts":     create("/admin/api/v1/depts", map[string]string{"name": "MATRIXA 部门"}),
		"clients":   create("/admin/api/v1/clients", map[string]string{"name": "MATRIXA 客户端", "code": "matrixa"}),
		"customers": create("/admin/api/v1/customers", map[string]string{"name": "MATRIXA 客户"}),
		"supplier":  create("/erp/api/v1/supplier", map[string]string{"name": "MATRIXA 供应商"}),
		"subusers": create("/admin/api/v1/users/subusers", map[string]any{"account": "13900000301", "name": "MATRIXA 员工",
			"password": matrixPassword, "repassword": matrixPassword, "storeGroupIds": []string{str(a.g1)}}),
		"shipPlan": create("/erp/api/v1/shipPlan", map[string]any{"groupId": str(a.g1), "marketplaceId": "ATVPDKIKX0DER",
			"warehouseId": str(own.ID), "remark": "MATRIXG1 计划",
			"items": []map[string]any{{"sellerSku": "MUG-BLUE-350", "quantity": 1}}}),
		"inbound": create("/erp/api/v1/inbound", map[string]any{"warehouseId": str(own.ID), "remark": "MATRIXA 入库",
			"lines": []map[string]any{{"productId": str(product.ID), "quantity": 1}}}),
		"outbound": create("/erp/api/v1/outbound", map[string]any{"warehouseId": str(own.ID), "remark": "MATRIXA 出库",
			"lines": []map[string]any{{"productId": str(product.ID), "quantity": 1}}}),
		"stocktake": create("/erp/api/v1/stocktake", map[string]any{"warehouseId": str(own.ID), "scope": "products",
			"remark": "MATRIXA 盘点", "productIds": []string{str(product.ID)}}),
	}
	address := map[string]any{"name": "MATRIXA 联系人", "addressLine1": "宝安大道1号", "city": "深圳", "postalCode": "518000",
		"countryCode": "CN", "phone": "13800000000", "warehouseId": str(own.ID)}
	a.ids["warehouseAddress"] = create("/erp/api/v1/warehouseAddress", address)
	a.ids["shipFromAddress"] = create("/erp/api/v1/shipFromAddress", address)
	// An AliExpress store of A (速卖通店铺授权), not authorised: its list, check, re-authorise and delete are A's.
	a.ids["stores"] = create("/amazon/api/v1/aeauthority/stores", map[string]string{"name": "MATRIXA 速卖通店", "region": "GLOBAL"})
	// A product of each kind's screen (耗材, 包材); /base/material/:id is addressed with the fixture's product, which
	// 物料 does not find (not of its kind).
	a.ids["consumable"] = create("/erp/api/v1/base/consumable", map[string]any{"sku": "MATRIXA-TAPE", "name": "MATRIXA 胶带"})
	a.ids["package"] = create("/erp/api/v1/base/package", map[string]any{"sku": "MATRIXA-BOX", "name": "MATRIXA 纸箱"})
	a.ids["bin"] = create("/erp/api/v1/bin", map[string]any{"warehouseId": str(own.ID), "code": "MATRIXA-01"})
	a.ids["transfer"] = create("/erp/api/v1/transfer", map[string]any{"warehouseId": str(own.ID), "remark": "MATRIXA 调拨",
		"toWarehouseId": create("/erp/api/v1/warehouse", map[string]any{"name": "MATRIXA 二号仓", "kind": "own"}),
		"lines":         []map[string]any{{"productId": str(product.ID), "quantity": 1}}})
	a.ids["overseasOut"] = create("/erp/api/v1/overseasOut", map[string]any{"remark": "MATRIXA 海外仓发货",
		"warehouseId": create("/erp/api/v1/warehouse", map[string]any{"name": "MATRIXA 美西仓", "kind": "overseas"}),
		"destination": "buyer", "buyerName": "MATRIXA Buyer", "buyerAddress": "1 Main St", "carrier": "UPS",
		"lines": []map[string]any{{"productId": str(product.ID), "quantity": 1}}})
	var lamp catalogdb.LocalProduct
	h.DB.Where("company_id = ? AND sku = ?", a.id, "DEMO-LAMP-01").Take(&lamp)
	a.ids["exchange"] = create("/erp/api/v1/exchange", map[string]any{"warehouseId": str(own.ID), "remark": "MATRIXA 换货",
		"lines": []map[string]any{{"productId": str(product.ID), "toProductId": str(lamp.ID), "quantity": 1}}})
	apptest.ExpectOK(t, owner.Call(http.MethodPut, "/erp/api/v1/bom", map[string]any{"productId": str(lamp.ID), "components": []map[string]any{{"componentId": str(product.ID), "quantity": 1}}}))
	a.ids["process"] = create("/erp/api/v1/process", map[string]any{"warehouseId": str(own.ID), "madeProductId": str(lamp.ID), "madeQuantity": 1})
	a.ids["freightChannel"] = create("/erp/api/v1/freightChannel", map[string]any{"carrier": "MATRIXA 承运商", "name": "MATRIXA 海运",
		"mode": "sea", "days": 30, "basis": "kg", "unitPrice": "10"})
	a.ids["overseasIn"] = create("/erp/api/v1/overseasIn", map[string]any{"warehouseId": str(own.ID), "remark": "MATRIXA 海外仓入库",
		"toWarehouseId": create("/erp/api/v1/warehouse", map[string]any{"name": "MATRIXA 美东仓", "kind": "overseas"}),
		"channelId":     a.ids["freightChannel"], "boxes": 1, "lines": []map[string]any{{"productId": str(product.ID), "quantity": 1}}})
	a.ids["transportation"] = seed.DemoShipmentNew
	apptest.ExpectOK(t, owner.Call(http.MethodPost, "/erp/api/v1/transportation/"+seed.DemoShipmentNew+"/milestone",
		map[string]any{"happenedAt": "2026-11-01 09:30", "description": "已提货"}))
	var milestones []int64
	if err := h.DB.Table("shipment_milestones").Where("company_id = ?", a.id).Pluck("id", &milestones).Error; err != nil || len(milestones) != 1 {
		t.Fatalf("the matrix's milestone: %v %v", milestones, err)
	}
	a.ids["milestone"] = str(milestones[0])
	a.ids["purchaseOrder"] = create("/erp/api/v1/purchaseOrder", map[string]any{"supplierId": a.ids["supplier"],
		"warehouseId": str(own.ID), "currency": "CNY", "paymentTerms": "receipt", "remark": "MATRIXA 采购",
		"lines": []map[string]any{{"productId": str(product.ID), "quantity": 3, "unitPrice": "12.50", "taxRate": "13"}}})
	for _, step := range []string{"submit", "approve"} {
		apptest.ExpectOK(t, owner.Call(http.MethodPost, "/erp/api/v1/purchaseOrder/"+a.ids["purchaseOrder"]+"/"+step, nil))
	}
	a.ids["paymentRequest"] = create("/erp/api/v1/paymentRequest", map[string]any{"orderId": a.ids["purchaseOrder"],
		"kind": "deposit", "amount": "10", "remark": "MATRIXA 定金"})
	a.ids["account"], a.ids["order"], a.ids["settlement"] = seedAlibaba(t, h, a.id, own.ID, a.ids["supplier"])
	// G1's FBA warehouse holds stock from an approved inbound document, and has a draft outbound one.
	fbaDoc := func(kind string) string {
		return create("/erp/api/v1/"+kind, map[string]any{"warehouseId": str(fba.ID), "remark": "MATRIXG1 " + kind,
			"lines": []map[string]any{{"productId": str(product.ID), "quantity": 2}}})
	}
	a.g1FBA = map[string]string{"warehouse": str(fba.ID), "inbound": fbaDoc("inbound"), "outbound": fbaDoc("outbound"),
		"stocktake": create("/erp/api/v1/stocktake", map[string]any{"warehouseId": str(fba.ID), "scope": "warehouse",
			"remark": "MATRIXG1 盘点"})}
	for _, step := range []string{"submit", "approve"} {
		apptest.ExpectOK(t, owner.Call(http.MethodPost, "/erp/api/v1/inbound/"+a.g1FBA["inbound"]+"/"+step, nil))
	}
	a.ids["profitPlan"] = create("/amazon/api/v1/profitPlan", map[string]any{"name": "MATRIXA 方案",
		"input": map[string]any{"marketplace": "US", "category": "home", "price": "19.99", "unitCost": "20",
			"length": "15", "width": "8", "height": "1.5", "weight": "0.1"}})
	rate := owner.Call(http.MethodPut, "/erp/api/v1/exchangeRate", map[string]string{"currency": "USD", "month": "2026-01", "rate": "7.123456"})
	apptest.ExpectOK(t, rate)
	a.ids["exchangeRate"] = createdID(t, rate)
	version := create("/admin/api/v1/sysQueryField/saveMyVersionFieldWithName", map[string]any{"queryname": "dictList",
		"versionname": "MATRIXA 版本", "fieldlist": []map[string]any{{"ffield": "name", "findex": 0, "isshow": true}}})
	a.ids["saveMyVersionField"], a.ids["useVersion"] = version, version
	create("/admin/api/v1/notify/addAnnounce", map[string]any{"title": "MATRIXA 公告", "content": "MATRIXA", "action": "timely"})

	now := time.Now().UTC()
	// The demo seed authorised G1's North American seller account (the demo's Amazon data is its); it gets a
	// refresh token here, as a real authorisation would give it.
	var seller storesdb.Seller
	if err := h.DB.Where("company_id = ? AND group_id = ? AND region = ?", a.id, a.g1, "NA").Take(&seller).Error; err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Model(&seller).Update("refresh_token", "Atzr|matrix").Error; err != nil {
		t.Fatal(err)
	}
	// Amazon's FBA stock of an unpaired G1 SKU, which FBA库存明细 and 库存数量 show to G1's users only.
	inventory := amazondatadb.FBAInventory{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID, MarketplaceID: "ATVPDKIKX0DER",
		SKU: "MATRIXG1-FBA", Fulfillable: 3}
	if _, err := amazondatadb.UpsertFBAInventory(h.DB, []amazondatadb.FBAInventory{inventory}); err != nil {
		t.Fatal(err)
	}
	// A day of the inventory ledger of a G1 SKU and a claim on it, which FBA每日库存 and 待索赔 show G1's users only.
	balance := amazondatadb.LedgerBalance{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID, MarketplaceID: "ATVPDKIKX0DER",
		Day: now.Format(time.DateOnly), FNSKU: "X0MATRIXG1", SKU: "MATRIXG1-LEDGER", Location: "ONT8", Disposition: "SELLABLE",
		Starting: 5, Ending: 4}
	if _, err := amazondatadb.UpsertLedgerBalances(h.DB, []amazondatadb.LedgerBalance{balance}); err != nil {
		t.Fatal(err)
	}
	var balanceID int64
	if err := h.DB.Model(&amazondatadb.LedgerBalance{}).Where("company_id = ? AND sku = ?", a.id, "MATRIXG1-LEDGER").Pluck("id", &balanceID).Error; err != nil {
		t.Fatal(err)
	}
	a.ids["fbaDaily"] = str(balanceID)
	claim := claimsdb.Claim{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID, MarketplaceID: "ATVPDKIKX0DER", Kind: claimsdb.KindLost,
		ClaimKey: "MATRIXG1-CLAIM", SKU: "MATRIXG1-CLAIM", Units: 1, EventDay: now.Format(time.DateOnly), OpensOn: now.Format(time.DateOnly),
		Deadline: now.AddDate(0, 0, 60).Format(time.DateOnly), Policy: "FC-lost-60d-2024", Evidence: "[]", Status: claimsdb.StatusOpen,
		CreatedAt: now, UpdatedAt: now}
	if err := claimsdb.CreateClaim(h.DB, &claim); err != nil {
		t.Fatal(err)
	}
	a.ids["claims"] = str(claim.ID)
	// A removal order of a G1 SKU, which 移除订单 lists and opens to G1's users only.
	if _, err := amazondatadb.UpsertRemovalItems(h.DB, []amazondatadb.RemovalItem{{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID,
		MarketplaceID: "ATVPDKIKX0DER", OrderID: "MATRIXG1RMV", RequestDate: now, LastUpdated: now, OrderType: "Return",
		OrderStatus: "Pending", SKU: "MATRIXG1-REMOVAL", Disposition: "Sellable", RequestedQuantity: 2, InProcessQuantity: 2,
		Currency: "USD"}}); err != nil {
		t.Fatal(err)
	}
	var removalID int64
	if err := h.DB.Model(&amazondatadb.RemovalOrder{}).Where("company_id = ? AND order_id = ?", a.id, "MATRIXG1RMV").Pluck("id", &removalID).Error; err != nil {
		t.Fatal(err)
	}
	a.ids["removals"] = str(removalID)
	// 库存规划's line of a G1 SKU.
	if _, err := amazondatadb.UpsertPlanning(h.DB, []amazondatadb.Planning{{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID,
		MarketplaceID: "ATVPDKIKX0DER", SnapshotDate: now.Format(time.DateOnly), SKU: "MATRIXG1-PLAN", ProductName: "MATRIXG1 plan",
		Available: 4, Age0To90: 4, Currency: "USD"}}); err != nil {
		t.Fatal(err)
	}
	// FBA费用报告's fee estimate of a G1 SKU.
	if _, err := amazondatadb.UpsertFeeEstimates(h.DB, []amazondatadb.FeeEstimate{{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID,
		MarketplaceID: "ATVPDKIKX0DER", SKU: "MATRIXG1-FEE", ProductName: "MATRIXG1 fee", Currency: "USD",
		ExpectedFulfillmentFee: models.MoneyFromUnits(34200)}}); err != nil {
		t.Fatal(err)
	}
	// A month's storage fee and an aged surcharge of a G1 SKU, which 仓储费报告 shows G1's users only.
	if _, err := amazondatadb.UpsertStorageFees(h.DB, []amazondatadb.StorageFee{{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID,
		MarketplaceID: "ATVPDKIKX0DER", Month: now.Format("2006-01"), FNSKU: "X0MATRIXG1", ProductName: "MATRIXG1 storage",
		FulfillmentCenter: "ONT8", Currency: "USD", Fee: models.MoneyFromUnits(12345)}}); err != nil {
		t.Fatal(err)
	}
	if _, err := amazondatadb.UpsertAgedSurcharges(h.DB, []amazondatadb.AgedSurcharge{{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID,
		MarketplaceID: "ATVPDKIKX0DER", SnapshotDate: now.Format(time.DateOnly), Month: now.Format("2006-01"), SKU: "MATRIXG1-AGED",
		ProductName: "MATRIXG1 aged", Currency: "USD", QuantityCharged: 1, AmountCharged: models.MoneyFromUnits(5000),
		SurchargeAgeTier: "181-210 days"}}); err != nil {
		t.Fatal(err)
	}
	// The seller's data sync tasks, as the list makes them for a seller authorised before the data sync.
	if err := datasyncdb.EnsureSyncTasks(h.DB, a.id, seller.ID, []string{"orders"}, now); err != nil {
		t.Fatal(err)
	}
	task, err := datasyncdb.SyncTaskOf(h.DB, a.id, seller.ID, "orders")
	if err != nil {
		t.Fatal(err)
	}
	a.ids["tasks"] = str(task.ID)
	// An order of G1's seller bought now (so 今日订单 has it too), with an item and a refund in a settlement.
	order := amazondatadb.AmazonOrder{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID, MarketplaceID: "ATVPDKIKX0DER",
		AmazonOrderID: "MATRIXG1-0000001", PurchaseDate: now, LastUpdatedDate: now, OrderStatus: "Shipped", FulfillmentChannel: "Amazon"}
	orderItem := amazondatadb.AmazonOrderItem{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID, MarketplaceID: "ATVPDKIKX0DER",
		AmazonOrderID: order.AmazonOrderID, SKU: "MUG-BLUE-350", PurchaseDate: now, OrderStatus: "Shipped", Quantity: 1, Currency: "USD"}
	if _, err := amazondatadb.UpsertAmazonOrders(h.DB, []amazondatadb.AmazonOrder{order}, []amazondatadb.AmazonOrderItem{orderItem}); err != nil {
		t.Fatal(err)
	}
	refund := amazondatadb.SettlementLine{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID, SettlementID: "MATRIXG1-S", LineNo: 2,
		MarketplaceID: "ATVPDKIKX0DER", TransactionType: "Refund", OrderID: order.AmazonOrderID, AmountType: "ItemPrice",
		AmountDescription: "Principal", Amount: models.MoneyFromUnits(-100000), Currency: "USD", PostedDate: &now, SKU: "MUG-BLUE-350"}
	// The settlement itself, which 结算记录 shows G1's users only (a dollar off its one line: 不平).
	settlement := amazondatadb.Settlement{CompanyID: a.id, GroupID: a.g1, SellerID: seller.ID, MarketplaceID: "ATVPDKIKX0DER",
		SettlementID: "MATRIXG1-S", SettlementStartDate: &now, SettlementEndDate: &now, DepositDate: &now,
		TotalAmount: models.MoneyFromUnits(-90000), Currency: "USD"}
	if _, err := amazondatadb.UpsertSettlementLines(h.DB, []amazondatadb.Settlement{settlement}, []amazondatadb.SettlementLine{refund}); err != nil {
		t.Fatal(err)
	}
	var settlementID int64
	if err := h.DB.Model(&amazondatadb.Settlement{}).Where("settlement_id = ?", settlement.SettlementID).Pluck("id", &settlementID).Error; err != nil {
		t.Fatal(err)
	}
	a.ids["settlements"] = str(settlementID)
	var orderID int64
	if err := h.DB.Model(&amazondatadb.AmazonOrder{}).Where("amazon_order_id = ?", order.AmazonOrderID).Pluck("id", &orderID).Error; err != nil {
		t.Fatal(err)
	}
	a.ids["orders"], a.ids["today"] = str(orderID), str(orderID)
	adv := storesdb.AdvAuth{CompanyID: a.id, GroupID: a.g1, Region: "NA", RefreshToken: "Atzr|matrix", AuthorizedAt: now}
	if err := h.DB.Create(&adv).Error; err != nil {
		t.Fatal(err)
	}
	a.query = map[string]string{"shipmentid": seed.DemoShipmentNew, "shipment": seed.DemoShipmentNew, "paper": "a4-40", "groupid": str(a.g1), "sellerid": str(seller.ID),
		"versionid": version, "warehouseId": str(own.ID), "id": str(adv.ID), "region": "NA", "queryname": "dictList",
		// 月度报告's export reads this month (Beijing time), which holds G1's refund.
		"month": now.In(time.FixedZone("CST", 8*3600)).Format("2006-01")}
	if err := h.DB.Exec("DELETE FROM operation_logs").Error; err != nil {
		t.Fatal(err)
	}
	return a
}

// createdID reads the id a create call answers: the data itself, or its id field.
func createdID(t *testing.T, env apptest.Envelope) string {
	t.Helper()
	var obj struct {
		ID json.RawMessage `json:"id"`
	}
	raw := env.Data
	if json.Unmarshal(env.Data, &obj) == nil && len(obj.ID) > 0 {
		raw = obj.ID
	}
	id := strings.Trim(string(raw), `"`)
	if id == "" || id == "null" {
		t.Fatalf("no id in %s", env.Data)
	}
	return id
}
