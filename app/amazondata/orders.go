package amazondata

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"sellerhub/app/amazon"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

func init() { importers[Orders] = importOrders }

// orderItemKey is an order's line of one SKU.
type orderItemKey struct{ order, sku string }

// orderBatch gathers up to batchLines lines of an orders report, one order and one order item per key: Amazon
// writes a line per order item, and an order with the same SKU twice (a gift and a non-gift unit, say) has two
// lines that are one item here, summed.
type orderBatch struct {
	orders    []amazondatadb.AmazonOrder
	orderAt   map[string]int
	items     []amazondatadb.AmazonOrderItem
	itemAt    map[orderItemKey]int
	lines     int
	lastOrder string
}

// newOrderBatch is sized for a batch's lines at once: grown from empty, the items (a few hundred bytes each)
// were copied a dozen times over, a tenth of the reader's time.
func newOrderBatch() *orderBatch {
	const lines = batchLines + 16 // a batch ends after the order that reaches batchLines
	return &orderBatch{orders: make([]amazondatadb.AmazonOrder, 0, lines), orderAt: make(map[string]int, lines),
		items: make([]amazondatadb.AmazonOrderItem, 0, lines), itemAt: make(map[orderItemKey]int, lines)}
}

// reset empties the batch for the next lines, keeping its room.
func (b *orderBatch) reset() {
	b.orders, b.items = b.orders[:0], b.items[:0]
	clear(b.orderAt)
	clear(b.itemAt)
	b.lines, b.lastOrder = 0, ""
}

func (b *orderBatch) add(o amazondatadb.AmazonOrder, it amazondatadb.AmazonOrderItem) {
	b.lines++
	b.lastOrder = o.AmazonOrderID
	if i, ok := b.orderAt[o.AmazonOrderID]; ok {
		b.orders[i] = o // the order's fields are the same on each of its lines; the last one stands
	} else {
		b.orderAt[o.AmazonOrderID] = len(b.orders)
		b.orders = append(b.orders, o)
	}
	key := orderItemKey{it.AmazonOrderID, it.SKU}
	i, ok := b.itemAt[key]
	if !ok {
		b.itemAt[key] = len(b.items)
		b.items = append(b.items, it)
		return
	}
	sum := &b.items[i]
	sum.Quantity += it.Quantity
	sum.ItemPrice = models.Money{Decimal: sum.ItemPrice.Add(it.ItemPrice.Decimal)}
	sum.ItemTax = models.Money{Decimal: sum.ItemTax.Add(it.ItemTax.Decimal)}
	sum.ShippingPrice = models.Money{Decimal: sum.ShippingPrice.Add(it.ShippingPrice.Decimal)}
	sum.ShippingTax = models.Money{Decimal: sum.ShippingTax.Add(it.ShippingTax.Decimal)}
	sum.GiftWrapPrice = models.Money{Decimal: sum.GiftWrapPrice.Add(it.GiftWrapPrice.Decimal)}
	sum.GiftWrapTax = models.Money{Decimal: sum.GiftWrapTax.Add(it.GiftWrapTax.Decimal)}
	sum.ItemPromotionDiscount = models.Money{Decimal: sum.ItemPromotionDiscount.Add(it.ItemPromotionDiscount.Decimal)}
	sum.ShipPromotionDiscount = models.Money{Decimal: sum.ShipPromotionDiscount.Add(it.ShipPromotionDiscount.Decimal)}
	sum.ItemStatus, sum.OrderStatus = it.ItemStatus, it.OrderStatus
	if sum.PromotionIDs == "" {
		sum.PromotionIDs = it.PromotionIDs
	}
}

// importOrders reads an orders report (all orders by last update). A batch ends only between two orders, since
// Amazon writes an order's lines one after the other: an order's SKU is summed within its batch and never split
// over two, which would leave only the second part. The lines are read into batches by a goroutine of their own
// while the batches before are written: reading and writing overlap (on PostgreSQL the server writes a batch while
// the next one is read; on SQLite the two use two cores), where one after the other left each waiting for the
// other. The database's OrderBatchWriters write at once, each taking the next batch read; one more batch waits at
// most, so the memory stays a few batches', and a batch written is handed back to the reader to fill again: made
// anew for each, batches were a quarter of the bytes an import allocated.
func importOrders(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	var res Result
	st, err := s.checkStore(st)
	if err != nil {
		return res, err
	}
	if err := requireColumns(r, Orders, "amazon-order-id", "purchase-date", "sku"); err != nil {
		return res, err
	}
	writers := amazondatadb.OrderBatchWriters(s.db)
	rd := &orderReader{batches: make(chan *orderBatch), written: make(chan *orderBatch, writers)}
	var reading sync.WaitGroup
	reading.Go(func() { rd.read(st, r) })
	var (
		mu      sync.Mutex // guards res and werr
		werr    error
		writing sync.WaitGroup
	)
	for range writers {
		writing.Go(func() {
			for b := range rd.batches {
				if rd.stop.Load() {
					break // the other writer failed
				}
				n, err := amazondatadb.UpsertAmazonOrders(s.db, b.orders, b.items)
				mu.Lock()
				if err != nil {
					if werr == nil {
						werr = err
					}
					mu.Unlock()
					rd.stop.Store(true) // the reader stops at its next line; the other writer ends its batch
					break
				}
				// Batches written at once may end in either order: the lines told are those of every batch written.
				res.Written += int(n)
				res.Lines += b.lines
				progress(res.Lines)
				mu.Unlock()
				select {
				case rd.written <- b:
				default: // the reader has not taken back the ones before (it sent its last batch): not needed
				}
			}
		})
	}
	writing.Wait()
	// The reader returns before the caller may close the file.
	for range rd.batches {
	}
	reading.Wait()
	if werr != nil {
		return res, werr
	}
	res.Lines = rd.lines
	return res, rd.err
}

// orderReader reads an orders report's lines into batches, in the file's order, for importOrders.
type orderReader struct {
	batches chan *orderBatch
	written chan *orderBatch // batches the writer is done with
	stop    atomic.Bool      // the writer failed: read no further
	// lines and err are the lines read and why the reading ended early (a line that cannot be read, the file);
	// the writer reads them once batches is closed.
	lines int
	err   error
}

func (rd *orderReader) read(st Store, r *amazon.TSVReader) {
	defer close(rd.batches)
	// A panic here would end the process: the job's own recovery covers only the job's goroutine.
	defer func() {
		if p := recover(); p != nil {
			rd.err = fmt.Errorf("orders report, line %d: %v", rd.lines, p)
		}
	}()
	b := newOrderBatch()
	for !rd.stop.Load() {
		row, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			rd.err = err
			return
		}
		rd.lines++
		o, it, err := readOrderLine(st, row)
		if err != nil {
			rd.err = err
			return
		}
		if b.lines >= batchLines && o.AmazonOrderID != b.lastOrder {
			rd.batches <- b
			b = rd.next()
		}
		b.add(o, it)
	}
	if b.lines > 0 && !rd.stop.Load() {
		rd.batches <- b
	}
}

// next is an empty batch: one the writer is done with, or a new one while the writer holds the only other.
func (rd *orderReader) next() *orderBatch {
	select {
	case b := <-rd.written:
		b.reset()
		return b
	default:
		return newOrderBatch()
	}
}

// readOrderLine reads one line of an orders report into its order and its item.
func readOrderLine(st Store, row amazon.TSVRow) (amazondatadb.AmazonOrder, amazondatadb.AmazonOrderItem, error) {
	l := line{row: row}
	channel := l.str("sales-channel")
	market := l.marketplace("sales-channel", st)
	if market == "" {
		market = st.MarketplaceID
	}
	o := amazondatadb.AmazonOrder{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		MarketplaceID: market, AmazonOrderID: l.required("amazon-order-id"),
		MerchantOrderID: l.str("merchant-order-id"), PurchaseDate: l.date("purchase-date"),
		OrderStatus: l.str("order-status"), FulfillmentChannel: l.str("fulfillment-channel"),
		SalesChannel: channel, OrderChannel: l.str("order-channel"), ShipServiceLevel: l.str("ship-service-level"),
		ShipCity: l.str("ship-city"), ShipState: l.str("ship-state"), ShipPostalCode: l.str("ship-postal-code"),
		ShipCountry: l.str("ship-country"), IsBusinessOrder: l.flag("is-business-order")}
	o.LastUpdatedDate = o.PurchaseDate
	if row.Get("last-updated-date") != "" {
		o.LastUpdatedDate = l.date("last-updated-date")
	}
	it := amazondatadb.AmazonOrderItem{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		MarketplaceID: market, AmazonOrderID: o.AmazonOrderID, SKU: l.required("sku"), ASIN: l.str("asin"),
		ProductName: l.str("product-name"), PurchaseDate: o.PurchaseDate, OrderStatus: o.OrderStatus,
		FulfillmentChannel: o.FulfillmentChannel, ItemStatus: l.str("item-status"), Quantity: l.count("quantity"),
		Currency: l.str("currency"), ItemPrice: l.price("item-price"), ItemTax: l.money("item-tax"),
		ShippingPrice: l.price("shipping-price"), ShippingTax: l.money("shipping-tax"),
		GiftWrapPrice: l.price("gift-wrap-price"), GiftWrapTax: l.money("gift-wrap-tax"),
		ItemPromotionDiscount: l.money("item-promotion-discount"),
		ShipPromotionDiscount: l.money("ship-promotion-discount"), PromotionIDs: l.str("promotion-ids")}
	return o, it, l.err
}
