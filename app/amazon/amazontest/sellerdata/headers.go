package sellerdata

// The column headers of each report, exactly as Amazon's flat files name them (importers read columns by name).
var (
	OrdersHeader = []string{"amazon-order-id", "merchant-order-id", "purchase-date", "last-updated-date",
		"order-status", "fulfillment-channel", "sales-channel", "order-channel", "ship-service-level", "product-name",
		"sku", "asin", "item-status", "quantity", "currency", "item-price", "item-tax", "shipping-price",
		"shipping-tax", "gift-wrap-price", "gift-wrap-tax", "item-promotion-discount", "ship-promotion-discount",
		"ship-city", "ship-state", "ship-postal-code", "ship-country", "promotion-ids", "is-business-order"}
	InventoryHeader = []string{"sku", "fnsku", "asin", "product-name", "condition", "your-price",
		"mfn-listing-exists", "mfn-fulfillable-quantity", "afn-listing-exists", "afn-warehouse-quantity",
		"afn-fulfillable-quantity", "afn-unsellable-quantity", "afn-reserved-quantity", "afn-total-quantity",
		"per-unit-volume", "afn-inbound-working-quantity", "afn-inbound-shipped-quantity",
		"afn-inbound-receiving-quantity", "afn-researching-quantity"}
	SettlementHeader = []string{"settlement-id", "settlement-start-date", "settlement-end-date", "deposit-date",
		"total-amount", "currency", "transaction-type", "order-id", "merchant-order-id", "adjustment-id",
		"shipment-id", "marketplace-name", "amount-type", "amount-description", "amount", "fulfillment-id",
		"posted-date", "posted-date-time", "order-item-code", "merchant-order-item-id",
		"merchant-adjustment-item-id", "sku", "quantity-purchased", "promotion-id"}
	FeesHeader = []string{"sku", "fnsku", "asin", "amazon-store", "product-name", "product-group", "brand",
		"fulfilled-by", "your-price", "sales-price", "longest-side", "median-side", "shortest-side",
		"length-and-girth", "unit-of-dimension", "item-package-weight", "unit-of-weight", "product-size-tier",
		"currency", "estimated-fee-total", "estimated-referral-fee-per-unit", "estimated-variable-closing-fee",
		"estimated-order-handling-fee-per-order", "estimated-pick-pack-fee-per-unit",
		"estimated-weight-handling-fee-per-unit", "expected-fulfillment-fee-per-unit"}
	ReturnsHeader = []string{"return-date", "order-id", "sku", "asin", "fnsku", "product-name", "quantity",
		"fulfillment-center-id", "detailed-disposition", "reason", "status", "license-plate-number",
		"customer-comments"}
	ListingsHeader = []string{"item-name", "item-description", "listing-id", "seller-sku", "price", "quantity",
		"open-date", "image-url", "item-is-marketplace", "product-id-type", "zshop-shipping-fee", "item-note",
		"item-condition", "zshop-category1", "zshop-browse-path", "zshop-storefront-feature", "asin1", "asin2",
		"asin3", "will-ship-internationally", "expedited-shipping", "zshop-boldface", "product-id",
		"bid-for-featured-placement", "add-delete", "pending-quantity", "fulfillment-channel",
		"merchant-shipping-group", "status"}
	// JapanListingsHeader is the all-listings report's header as Amazon.co.jp writes it: Japanese names for most
	// columns (the same columns in the same order), English for the rest.
	JapanListingsHeader = []string{"商品名", "商品の説明", "出品ID", "出品者SKU", "価格", "数量", "出品日", "image-url",
		"item-is-marketplace", "商品IDタイプ", "zshop-shipping-fee", "コンディション説明", "コンディション", "zshop-category1",
		"zshop-browse-path", "zshop-storefront-feature", "asin1", "asin2", "asin3", "国外へ配送可", "迅速な配送",
		"zshop-boldface", "商品ID", "bid-for-featured-placement", "add-delete", "pending-quantity",
		"フルフィルメント・チャンネル", "merchant-shipping-group", "ステータス"}
)
