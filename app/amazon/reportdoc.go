package amazon

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"
)

// japanMarketplace is Amazon.co.jp, whose flat files are written in Windows-31J.
const japanMarketplace = "A1VC38T7YXB528"

// ReportCharset is the encoding a marketplace's flat files are in when the download does not say: Windows-31J in
// Japan, "" (UTF-8) elsewhere.
func ReportCharset(marketplaceID string) string {
	if marketplaceID == japanMarketplace {
		return "Windows-31J"
	}
	return ""
}

// ErrReportEncoding is a report file that is not in the encoding it is read in: text that is not UTF-8, or bytes
// that the file's encoding has no character for (a GBK or Latin-1 file read as Windows-31J).
var ErrReportEncoding = errors.New("amazon: report file not in its encoding")

// DecodeReport turns a report file in charset into UTF-8 as it is read. "" and UTF-8 pass through. Windows-31J
// (Amazon's name; also Shift_JIS, CP932, MS932) is Shift JIS with Microsoft's extensions, which japanese.ShiftJIS
// reads; other names are looked up as the web knows them (Cp1252, ISO-8859-1 for European files). Bytes the
// encoding has no character for fail the reading with ErrReportEncoding, rather than becoming mojibake.
func DecodeReport(r io.Reader, charset string) (io.Reader, error) {
	enc, err := reportEncoding(charset)
	if err != nil || enc == nil {
		return r, err
	}
	return &cleanDecoded{r: enc.NewDecoder().Reader(r)}, nil
}

// DecodesCleanly tells whether head, the start of a file (whole: all of it), reads in charset without a byte the
// encoding has no character for.
func DecodesCleanly(head []byte, charset string, whole bool) bool {
	enc, err := reportEncoding(charset)
	if err != nil {
		return false
	}
	if enc == nil {
		return true
	}
	dst := make([]byte, 3*len(head)+16)
	n, _, err := enc.NewDecoder().Transform(dst, head, whole)
	if err != nil && !errors.Is(err, transform.ErrShortSrc) {
		return false
	}
	return !bytes.Contains(dst[:n], replacement)
}

// replacement is U+FFFD in UTF-8, which the decoders write for a byte they have no character for; a file in an
// encoding other than UTF-8 cannot hold it.
var replacement = []byte("\uFFFD")

// cleanDecoded is a decoder's output, failing with ErrReportEncoding where the decoder replaced a byte.
type cleanDecoded struct {
	r    io.Reader
	tail [2]byte // the end of the bytes before, where a replacement may have started
	kept int
}

func (c *cleanDecoded) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n == 0 {
		return n, err
	}
	var seam [4]byte
	k := copy(seam[:], c.tail[2-c.kept:])
	k += copy(seam[k:], p[:min(n, 2)])
	if bytes.Contains(p[:n], replacement) || bytes.Contains(seam[:k], replacement) {
		return 0, ErrReportEncoding
	}
	if n >= 2 {
		c.tail, c.kept = [2]byte{p[n-2], p[n-1]}, 2
	} else {
		c.tail, c.kept = [2]byte{c.tail[1], p[0]}, min(c.kept+1, 2)
	}
	return n, err
}

func reportEncoding(charset string) (encoding.Encoding, error) {
	name := strings.ToLower(strings.Trim(strings.TrimSpace(charset), `"`))
	switch name {
	case "", "utf-8", "utf8":
		return nil, nil
	case "windows-31j", "shift_jis", "shift-jis", "sjis", "cp932", "ms932", "x-sjis":
		return japanese.ShiftJIS, nil
	case "cp1252", "windows-1252":
		return charmap.Windows1252, nil
	}
	enc, err := htmlindex.Get(name)
	if err != nil {
		return nil, fmt.Errorf("report file in an unknown encoding %q", charset)
	}
	if enc == encoding.Nop {
		return nil, nil
	}
	return enc, nil
}

// OpenReportDocument downloads a report's file (no access token: the URL is pre-signed), gunzips it when
// CompressionAlgorithm is GZIP, and decodes it to UTF-8: in the charset of the answer's Content-Type, else
// fallbackCharset (ReportCharset of the marketplace). It streams: the file is never whole in memory. 5xx and
// network failures before the file starts are retried; the HTTP helper's Timeout bounds the wait for the answer
// to start, not the reading, which ctx bounds. The caller closes the reader.
func (s *SellingPartner) OpenReportDocument(ctx context.Context, doc *ReportDocument, fallbackCharset string) (io.ReadCloser, error) {
	ctx, cancel := context.WithCancel(ctx)
	var startTimer *time.Timer
	if s.HTTP.Timeout > 0 {
		startTimer = time.AfterFunc(s.HTTP.Timeout, cancel)
	}
	// The product's client has a Timeout covering the body too, which a large file would run into.
	client := &http.Client{Transport: s.HTTP.Client.Transport, CheckRedirect: s.HTTP.Client.CheckRedirect}
	var res *http.Response
	err := s.HTTP.send(ctx, client, func(ctx context.Context) (*http.Request, error) {
		return newRequest(ctx, http.MethodGet, doc.URL, nil, http.Header{"User-Agent": {"sellerhub/1.0 (Language=Go)"}})
	}, nil, func(r *http.Response) error {
		res = r
		return nil
	})
	if startTimer != nil && !startTimer.Stop() && err == nil {
		res.Body.Close()
		err = fmt.Errorf("amazon: report document %s: no answer within %s", doc.ReportDocumentID, s.HTTP.Timeout)
	}
	if err != nil {
		cancel()
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		drain(res.Body)
		cancel()
		return nil, fmt.Errorf("amazon: report document %s: download answered HTTP %d", doc.ReportDocumentID, res.StatusCode)
	}
	file := &reportFile{body: res.Body, cancel: cancel}
	var r io.Reader = bufio.NewReaderSize(res.Body, 64<<10)
	if strings.EqualFold(doc.CompressionAlgorithm, "GZIP") {
		gz, err := gzip.NewReader(r)
		if err != nil {
			file.Close()
			return nil, fmt.Errorf("amazon: report document %s is not gzip: %w", doc.ReportDocumentID, err)
		}
		file.gz, r = gz, gz
	}
	charset := fallbackCharset
	if _, params, err := mime.ParseMediaType(res.Header.Get("Content-Type")); err == nil && params["charset"] != "" {
		charset = params["charset"]
	}
	if file.Reader, err = DecodeReport(r, charset); err != nil {
		file.Close()
		return nil, err
	}
	return file, nil
}

// reportFile is a downloading report: reading it reads the answer's body through gunzip and the decoder; closing
// it ends the download.
type reportFile struct {
	io.Reader
	body   io.ReadCloser
	gz     *gzip.Reader
	cancel context.CancelFunc
}

func (f *reportFile) Close() error {
	if f.gz != nil {
		f.gz.Close()
	}
	err := f.body.Close()
	f.cancel()
	return err
}
