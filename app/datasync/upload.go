package datasync

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	"sellerhub/app/core"
	"sellerhub/models"
	datasyncdb "sellerhub/models/datasync"
	storesdb "sellerhub/models/stores"
)

// Messages of 上传报告.
const (
	MsgUploadEmpty       = "请选择要上传的报告文件"
	MsgUploadWrongKind   = "文件不是所选报告类型，请检查所选的报告类型，或上传从亚马逊卖家平台下载的原始报告"
	MsgUploadTooBig      = "文件超过%dMB，请上传压缩后的文件（.gz），或等待自动同步"
	MsgUploadUnreadable  = "文件无法读取，请上传从亚马逊卖家平台下载的报告（.txt、.tsv 或其 .gz 压缩文件）"
	MsgUploadFailed      = "导入失败，请稍后重试"
	MsgMarketplaceNeeded = "请选择站点"
	MsgBusinessReportDay = "请填写业务报告的日期：在卖家平台按天（开始与结束为同一天）下载，每个文件一天"
)

// MaxUploadMB bounds an uploaded file (compressed as sent): a year of a large store's orders is about that.
const MaxUploadMB = 200

// Upload is a report file a seller sends by hand (上传报告): the same files Seller Central lets them download.
type Upload struct {
	SellerID string
	Kind     string
	// MarketplaceID is the marketplace of a file of one marketplace (FBA stock, listings, returns); "" for the
	// seller account's first.
	MarketplaceID string
	FileName      string
	File          io.Reader
	// Day is the day (yyyy-MM-dd) of a business report's CSV uploaded as 销售与流量: the file does not say it.
	Day string
}

// perMarketplace tells whether a kind's report is asked for one marketplace at a time (its lines do not name
// their marketplace).
func perMarketplace(k amazondata.Kind) bool {
	switch k {
	case amazondata.Inventory, amazondata.Listings, amazondata.Returns, amazondata.LedgerEvents, amazondata.LedgerBalances,
		amazondata.Reimbursements, amazondata.StorageFees, amazondata.AgedSurcharges, amazondata.InventoryPlanning,
		amazondata.RemovalOrders, amazondata.RemovalShipments, amazondata.SalesTraffic:
		return true
	}
	return false
}

// signature is the columns by which a file shows it is of the kind, as Amazon names them.
var signature = map[amazondata.Kind][]string{
	amazondata.Orders:       {"amazon-order-id", "last-updated-date", "sku"},
	amazondata.Inventory:    {"sku", "afn-fulfillable-quantity"},
	amazondata.Settlements:  {"settlement-id", "transaction-type", "amount"},
	amazondata.FeeEstimates: {"sku", "estimated-fee-total"},
	amazondata.Returns:      {"return-date", "license-plate-number"},
	amazondata.Listings:     {"seller-sku", "listing-id"},
	// The ledger's files name their columns in words ("Event Type"), quoted.
	amazondata.LedgerEvents:      {"event type", "reference id", "fulfillment center"},
	amazondata.LedgerBalances:    {"starting warehouse balance", "ending warehouse balance"},
	amazondata.Reimbursements:    {"reimbursement-id", "amount-total"},
	amazondata.StorageFees:       {"month_of_charge", "estimated_monthly_storage_fee"},
	amazondata.AgedSurcharges:    {"snapshot-date", "surcharge-age-tier"},
	amazondata.InventoryPlanning: {"inv-age-0-to-90-days", "available"},
	amazondata.RemovalOrders:     {"order-id", "requested-quantity", "removal-fee"},
	amazondata.RemovalShipments:  {"order-id", "tracking-number", "shipment-date"},
	amazondata.SalesTraffic:      {"childAsin", "sessions", "buyBoxPercentage"},
	amazondata.VATTransactions:   {"TRANSACTION_EVENT_ID", "ACTIVITY_TRANSACTION_ID", "TOTAL_ACTIVITY_VALUE_VAT_AMT"},
}

// fits tells whether a report's header is the kind's.
func fits(k amazondata.Kind, r *amazon.TSVReader) bool {
	if k == amazondata.InventoryPlanning {
		// 库存规划 takes any of inventory health's three reports.
		return amazondata.PlanningReportOf(r) != ""
	}
	for _, col := range signature[k] {
		if !r.Has(col) {
			return false
		}
	}
	return true
}

// UploadReport takes a file sent by hand for import as a run of cause 上传 in the history: the file is checked
// (gzip-compressed or not, in UTF-8 or, as Amazon's Japanese files are, Windows-31J; its columns the chosen
// kind's), stored in the database with its run and its import job queued, all in one transaction, and the queued
// run is returned at once: a large file does not hold the request while it imports. A file refused leaves nothing.
func (s *Service) UploadReport(ctx context.Context, p core.Principal, u Upload) (*datasyncdb.SyncRun, error) {
	kind := amazondata.Kind(strings.TrimSpace(u.Kind))
	if !kind.Valid() || !kind.FromReport() {
		return nil, core.Invalid(MsgKindUnknown)
	}
	if u.File == nil {
		return nil, core.Invalid(MsgUploadEmpty)
	}
	seller, err := s.stores.VisibleSeller(ctx, p, u.SellerID)
	if err != nil {
		return nil, err
	}
	marketplace := ""
	if perMarketplace(kind) {
		if marketplace, err = marketplaceOf(seller, strings.TrimSpace(u.MarketplaceID)); err != nil {
			return nil, err
		}
	}
	spool, err := spoolUpload(u.File)
	if err != nil {
		return nil, err
	}
	defer discard(spool)
	reader, err := openUpload(spool)
	if err != nil {
		return nil, err
	}
	if kind == amazondata.SalesTraffic {
		br := bufio.NewReader(reader)
		if reader = br; !startsJSON(br) {
			return s.queueBusinessReport(ctx, p, seller, marketplace, u, br)
		}
	}
	tsv, err := amazondata.OpenReport(kind, reader)
	if err != nil {
		return nil, orUnreadable(err)
	}
	if !fits(kind, tsv) {
		return nil, core.Invalid(MsgUploadWrongKind)
	}
	if _, err := spool.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return s.queueUpload(ctx, p, seller, kind, marketplace, u.FileName, spool)
}

// startsJSON tells whether a file is a JSON document, as the sales and traffic report is;
// else, as 销售与流量, it is taken for the business report's CSV.
func startsJSON(br *bufio.Reader) bool {
	for n := 1; n <= 1024; n++ {
		head, _ := br.Peek(n)
		if len(head) < n {
			return false
		}
		switch c := head[n-1]; {
		case c == '{':
			return true
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c >= 0x80: // space, or a byte order mark
			continue
		}
		return false
	}
	return false
}

// queueBusinessReport takes Seller Central's business report by child item (a CSV of the day the seller names) as
// 销售与流量: it is checked whole and stored as that day's sales and traffic document, so the import and its upsert
// are the sync's. A file refused leaves nothing.
func (s *Service) queueBusinessReport(ctx context.Context, p core.Principal, seller *storesdb.Seller, marketplace string,
	u Upload, csv io.Reader) (*datasyncdb.SyncRun, error) {
	day, err := time.Parse(time.DateOnly, strings.TrimSpace(u.Day))
	if err != nil || day.After(s.now()) {
		return nil, core.Invalid(MsgBusinessReportDay)
	}
	market, ok := storesdb.MarketplaceByID(marketplace)
	if !ok {
		return nil, core.Invalid(MsgMarketplaceNeeded)
	}
	doc, err := os.CreateTemp("", "sellerhub-upload-*")
	if err != nil {
		return nil, err
	}
	defer discard(doc)
	w := bufio.NewWriter(doc)
	if _, err := amazondata.BusinessReportAsTraffic(csv, day.Format(time.DateOnly), marketplace, market.Currency, w); err != nil {
		var le *amazondata.LineError
		if errors.As(err, &le) {
			return nil, core.Invalid(le.Error())
		}
		return nil, asRefusal(err)
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	if _, err := doc.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return s.queueUpload(ctx, p, seller, amazondata.SalesTraffic, marketplace, u.FileName, doc)
}

// spoolUpload copies the request's file to a temporary file: the database transaction that stores it then lasts
// as long as a local read, not as long as a slow client's sending (on SQLite every other write waits for it).
func spoolUpload(f io.Reader) (*os.File, error) {
	spool, err := os.CreateTemp("", "sellerhub-upload-*")
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(spool, f); err != nil {
		discard(spool)
		return nil, err
	}
	if _, err := spool.Seek(0, io.SeekStart); err != nil {
		discard(spool)
		return nil, err
	}
	return spool, nil
}

// discard closes and removes a spooled file.
func discard(f *os.File) {
	_ = f.Close()
	_ = os.Remove(f.Name())
}

// queueUpload stores the file as a queued run of the seller account's task of the kind and queues its import, in
// one transaction.
func (s *Service) queueUpload(ctx context.Context, p core.Principal, seller *storesdb.Seller, kind amazondata.Kind,
	marketplace, fileName string, file io.Reader) (*datasyncdb.SyncRun, error) {
	var run *datasyncdb.SyncRun
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		now := s.now.Stamp()
		if err := datasyncdb.EnsureSyncTasks(tx, seller.CompanyID, seller.ID, kindNames(), now); err != nil {
			return err
		}
		// A kind of enrolled stores only (the VAT transactions) has its task once its file comes by hand too.
		if err := datasyncdb.EnsureSyncTasks(tx, seller.CompanyID, seller.ID, []string{string(kind)}, now); err != nil {
			return err
		}
		task, err := datasyncdb.SyncTaskOf(tx, seller.CompanyID, seller.ID, string(kind))
		if err != nil {
			return err
		}
		user := p.UserID
		run = &datasyncdb.SyncRun{CompanyID: seller.CompanyID, SellerID: seller.ID, TaskID: task.ID, Kind: string(kind),
			Cause: datasyncdb.SyncByUpload, Status: datasyncdb.SyncQueued, FileName: truncate(fileName, 200), UserID: &user,
			StartedAt: now}
		if err := datasyncdb.CreateSyncRun(tx, run); err != nil {
			return err
		}
		if _, err := datasyncdb.SaveUploadParts(tx, run.CompanyID, run.ID, file); err != nil {
			return err
		}
		args := UploadArgs{CompanyID: run.CompanyID, RunID: run.ID, MarketplaceID: marketplace}
		opts := args.InsertOpts()
		_, err = s.jobs.Insert(tx, args, &opts)
		return err
	})
	if err != nil {
		return nil, err
	}
	return run, nil
}

// marketplaceOf checks a marketplace named for a seller account's file, or takes its first.
func marketplaceOf(seller *storesdb.Seller, id string) (string, error) {
	for _, m := range seller.Marketplaces {
		if id == "" || m.MarketplaceID == id {
			return m.MarketplaceID, nil
		}
	}
	return "", core.Invalid(MsgMarketplaceNeeded)
}

// openUpload undoes the file's gzip compression, if any, and decodes it to UTF-8: a file whose start is not
// UTF-8 is Windows-31J (Amazon's Japanese reports; Shift_JIS with Microsoft's additions), refused when it does not
// read as that either.
func openUpload(f io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(f, 64<<10)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, core.Invalid(MsgUploadUnreadable)
		}
		br = bufio.NewReaderSize(gz, 64<<10)
	}
	head, err := br.Peek(64 << 10)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, orUnreadable(err)
	}
	if len(head) == 0 {
		return nil, core.Invalid(MsgUploadEmpty)
	}
	charset := ""
	if !utf8.Valid(trimPartialRune(head)) {
		charset = "Windows-31J"
		// A GBK, GB18030 or Latin-1 file is neither: read as Windows-31J it has bytes without a character.
		if !amazon.DecodesCleanly(head, charset, len(head) < 64<<10) {
			return nil, core.Invalid(core.MsgReportEncoding)
		}
	}
	decoded, err := amazon.DecodeReport(br, charset)
	if err != nil {
		return nil, core.Invalid(MsgUploadUnreadable)
	}
	return decoded, nil
}

// trimPartialRune drops a UTF-8 sequence cut at the end of a peeked block, so a valid file is not taken for
// another encoding because the block ended inside a character.
func trimPartialRune(b []byte) []byte {
	for i := 1; i <= utf8.UTFMax && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return b[:len(b)-i]
			}
			break
		}
	}
	return b
}

// truncate cuts s to at most n characters.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
