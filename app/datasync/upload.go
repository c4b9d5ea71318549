package datasync

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"sellerhub/app/amazon"
	"sellerhub/app/amazondata"
	"sellerhub/app/core"
	"sellerhub/models"
)

// Messages of 上传报告.
const (
	MsgUploadEmpty       = "请选择要上传的报告文件"
	MsgUploadWrongKind   = "文件不是所选报告类型，请检查所选的报告类型，或上传从亚马逊卖家平台下载的原始报告"
	MsgUploadTooBig      = "文件超过%dMB，请上传压缩后的文件（.gz），或等待自动同步"
	MsgUploadUnreadable  = "文件无法读取，请上传从亚马逊卖家平台下载的报告（.txt、.tsv 或其 .gz 压缩文件）"
	MsgUploadFailed      = "导入失败，请稍后重试"
	MsgMarketplaceNeeded = "请选择站点"
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
}

// perMarketplace tells whether a kind's report is asked for one marketplace at a time (its lines do not name
// their marketplace).
func perMarketplace(k amazondata.Kind) bool {
	return k == amazondata.Inventory || k == amazondata.Listings || k == amazondata.Returns
}

// signature is the columns by which a file shows it is of the kind, as Amazon names them.
var signature = map[amazondata.Kind][]string{
	amazondata.Orders:       {"amazon-order-id", "last-updated-date", "sku"},
	amazondata.Inventory:    {"sku", "afn-fulfillable-quantity"},
	amazondata.Settlements:  {"settlement-id", "transaction-type", "amount"},
	amazondata.FeeEstimates: {"sku", "estimated-fee-total"},
	amazondata.Returns:      {"return-date", "license-plate-number"},
	amazondata.Listings:     {"seller-sku", "listing-id"},
}

// fits tells whether a report's header is the kind's.
func fits(k amazondata.Kind, r *amazon.TSVReader) bool {
	for _, col := range signature[k] {
		if !r.Has(col) {
			return false
		}
	}
	return true
}

// UploadReport imports a file sent by hand through the kind's import, as a run of cause 上传 in the history. The
// file may be gzip-compressed, and in UTF-8 or, as Amazon's Japanese files are, Windows-31J. A file whose columns
// are not the chosen kind's is refused before anything is written.
func (s *Service) UploadReport(ctx context.Context, p core.Principal, u Upload) (*models.SyncRun, error) {
	kind := amazondata.Kind(strings.TrimSpace(u.Kind))
	if !kind.Valid() {
		return nil, core.Invalid(MsgKindUnknown)
	}
	if u.File == nil {
		return nil, core.Invalid(MsgUploadEmpty)
	}
	seller, err := s.stores.VisibleSeller(ctx, p, u.SellerID)
	if err != nil {
		return nil, err
	}
	st := amazondata.Store{CompanyID: seller.CompanyID, SellerID: seller.ID, GroupID: seller.GroupID, Region: seller.Region}
	if perMarketplace(kind) {
		if st.MarketplaceID, err = marketplaceOf(seller, strings.TrimSpace(u.MarketplaceID)); err != nil {
			return nil, err
		}
	}
	reader, err := openUpload(u.File)
	if err != nil {
		return nil, err
	}
	tsv, err := amazon.NewTSVReader(reader)
	if err != nil {
		return nil, core.Invalid(MsgUploadUnreadable)
	}
	if !fits(kind, tsv) {
		return nil, core.Invalid(MsgUploadWrongKind)
	}
	return s.importUpload(ctx, p, seller, kind, st, u.FileName, tsv)
}

// marketplaceOf checks a marketplace named for a seller account's file, or takes its first.
func marketplaceOf(seller *models.Seller, id string) (string, error) {
	for _, m := range seller.Marketplaces {
		if id == "" || m.MarketplaceID == id {
			return m.MarketplaceID, nil
		}
	}
	return "", core.Invalid(MsgMarketplaceNeeded)
}

// openUpload undoes the file's gzip compression, if any, and decodes it to UTF-8: a file whose start is not
// UTF-8 is Windows-31J (Amazon's Japanese reports; Shift_JIS with Microsoft's additions).
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
		return nil, core.Invalid(MsgUploadUnreadable)
	}
	if len(head) == 0 {
		return nil, core.Invalid(MsgUploadEmpty)
	}
	charset := ""
	if !utf8.Valid(trimPartialRune(head)) {
		charset = "Windows-31J"
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

// importUpload runs the import of an uploaded file as a run of the seller account's task of the kind.
func (s *Service) importUpload(ctx context.Context, p core.Principal, seller *models.Seller, kind amazondata.Kind,
	st amazondata.Store, fileName string, tsv *amazon.TSVReader) (*models.SyncRun, error) {
	db := s.db.With(ctx)
	now := s.now.Stamp()
	if err := db.EnsureSyncTasks(seller.CompanyID, seller.ID, kindNames(), now); err != nil {
		return nil, err
	}
	task, err := db.SyncTaskOf(seller.CompanyID, seller.ID, string(kind))
	if err != nil {
		return nil, err
	}
	user := p.UserID
	run := &models.SyncRun{CompanyID: seller.CompanyID, SellerID: seller.ID, TaskID: task.ID, Kind: string(kind),
		Cause: models.SyncByUpload, Status: models.SyncRunning, FileName: truncate(fileName, 200), UserID: &user, StartedAt: now}
	if err := db.CreateSyncRun(run); err != nil {
		return nil, err
	}
	// An upload is a run of the task, not its sync: the task's own progress stays the periodic sync's.
	pr := s.newProgress(ctx, run.CompanyID, 0, run.ID, 0)
	res, err := s.data.Import(ctx, kind, st, tsv, pr.report)
	finished := s.now.Stamp()
	run.Lines, run.Written, run.FinishedAt = int64(res.Lines), int64(res.Written), &finished
	run.Status = models.SyncDone
	if err != nil {
		run.Status, run.Error = models.SyncFailed, uploadFailure(err)
		s.log.Warn("report upload failed", "seller", seller.ID, "kind", kind, "err", err)
	}
	if uerr := db.UpdateSyncRun(run.CompanyID, run.ID, map[string]any{"status": run.Status, "lines": run.Lines, "written": run.Written,
		"error": run.Error, "finished_at": finished}); uerr != nil {
		return nil, uerr
	}
	if err != nil {
		// The cause stays reachable: the handler tells a file cut off by the size limit as too big.
		return nil, errors.Join(core.Invalid(run.Error), err)
	}
	return run, nil
}

// uploadFailure is what a failed upload tells the seller: the import's own refusal (a line it cannot read,
// named), else that it failed.
func uploadFailure(err error) string {
	var ce *core.Error
	if errors.As(err, &ce) {
		return ce.Error()
	}
	return fmt.Sprintf("%s（已读取的行已导入，再次上传同一文件不会重复）", MsgUploadFailed)
}

// truncate cuts s to at most n characters.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
