package datasync_test

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/apptest"
	"sellerhub/app/core"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// gzipped is a report's header and then blank lines, gzipped as written: a few kilobytes that unzip to far more.
func gzipped(t *testing.T, header string, blankLines int) []byte {
	t.Helper()
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write([]byte(header + "\n"))
	block := bytes.Repeat([]byte("\n"), 1<<20)
	for left := blankLines; left > 0; left -= len(block) {
		zw.Write(block[:min(left, len(block))])
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// uploadOnlyStore starts the product on the database kind with a US store whose refresh token is gone (nothing
// syncs by itself: only uploads import), and answers the owner, the upload form's fields of its FBA inventory and
// an inventory report of the stand-in to build files from.
func uploadOnlyStore(t *testing.T, kind string) (*apptest.Harness, *apptest.Client, map[string]string, []byte) {
	t.Helper()
	h, amz, w, admin := start(t, apptest.WithDatabase(kind))
	_, us := authorise(t, h, amz, admin, amazontest.DefaultSeller, "NA", "北美店")
	if err := h.DB.Model(&storesdb.Seller{}).Where("selling_partner_id = ?", amazontest.DefaultSeller).
		Update("refresh_token", "").Error; err != nil {
		t.Fatal(err)
	}
	us1 := map[string]string{"sellerid": us, "kind": "inventory", "marketplaceid": "ATVPDKIKX0DER"}
	return h, admin, us1, file(t, w, amazontest.DefaultSeller, "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA", "ATVPDKIKX0DER")
}

// An uploaded .gz that unzips to more lines than a report may have (blank ones counted: a gzip bomb) fails with
// the limit's message within seconds instead of holding a worker; a cut-off .gz says it is incomplete, at upload
// when its start is cut, at import when its end is. On SQLite and PostgreSQL.
func TestUploadBombsAndCutFiles(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, admin, us1, inventory := uploadOnlyStore(t, kind)
			header, _, _ := bytes.Cut(inventory, []byte("\n"))
			h.StartWorkers(t)

			bomb := gzipped(t, string(header), amazon.MaxReportLines+1)
			t.Logf("bomb of %d bytes unzipping to %d lines", len(bomb), amazon.MaxReportLines+2)
			start := time.Now()
			env := upload(t, admin, us1, "inventory.txt.gz", bomb)
			apptest.ExpectOK(t, env)
			var r run
			env.Into(t, &r)
			if r = waitRun(t, admin, r.ID); r.Status != "failed" || r.Error != core.MsgReportTooLarge {
				t.Fatalf("the bomb's run %+v", r)
			}
			if took := time.Since(start); took > 20*time.Second {
				t.Fatalf("the bomb was refused after %s", took)
			}

			var gz bytes.Buffer
			zw := gzip.NewWriter(&gz)
			zw.Write(inventory)
			for range 3000 {
				zw.Write(inventory[len(header)+1:])
			}
			zw.Close()
			env = upload(t, admin, us1, "inventory.txt.gz", gz.Bytes()[:gz.Len()/2])
			apptest.ExpectOK(t, env)
			env.Into(t, &r)
			if r = waitRun(t, admin, r.ID); r.Status != "failed" || r.Error != core.MsgFileIncomplete {
				t.Fatalf("the cut-off file's run %+v", r)
			}
			gz.Reset()
			zw = gzip.NewWriter(&gz)
			zw.Write(inventory)
			zw.Close()
			apptest.Expect(t, upload(t, admin, us1, "inventory.txt.gz", gz.Bytes()[:gz.Len()-10]), http.StatusBadRequest, "A0400", core.MsgFileIncomplete)
		})
	}
}

// A file in an encoding other than UTF-8 and Windows-31J (GBK, GB18030, Latin-1) is refused with the encodings
// accepted, not read as Windows-31J into mojibake: at upload when its start shows it, at import when a later line
// does, for a UTF-8 file as for a Windows-31J one. On SQLite and PostgreSQL.
func TestUploadInAnotherEncodingIsRefused(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, admin, us1, inventory := uploadOnlyStore(t, kind)
			header, rest, _ := strings.Cut(string(inventory), "\n")
			first, _, _ := strings.Cut(rest, "\n")
			cols := strings.Split(first, "\t")
			named := func(name string) string {
				c := slices.Clone(cols)
				c[3] = name // product-name
				return strings.Join(c, "\t") + "\n"
			}
			h.StartWorkers(t)
			for _, c := range []struct {
				name string
				enc  encoding.Encoding
				text string
			}{
				{"GBK", simplifiedchinese.GBK, "降噪蓝牙耳机 黑色 无线充电"},
				{"GB18030", simplifiedchinese.GB18030, "儿童益智玩具积木套装 100粒"},
				{"Latin-1", charmap.ISO8859_1, "Café crème, Größe M, Kühlschrank"},
			} {
				whole, err := c.enc.NewEncoder().String(header + "\n" + named(c.text))
				if err != nil {
					t.Fatal(err)
				}
				env := upload(t, admin, us1, "inventory.txt", []byte(whole))
				apptest.Expect(t, env, http.StatusBadRequest, "A0400", core.MsgReportEncoding)

				// The same line after 64 KB of lines that read as either encoding: the import finds it.
				late, err := c.enc.NewEncoder().String(header + "\n" + strings.Repeat(first+"\n", 1+(64<<10)/len(first)) + named(c.text))
				if err != nil {
					t.Fatal(err)
				}
				for _, prefix := range []string{"", "ｱ"} { // UTF-8 so far, or Windows-31J (half-width katakana)
					file := []byte(late)
					if prefix != "" {
						sjis, _ := japanese.ShiftJIS.NewEncoder().String(header + "\t" + prefix)
						file = append([]byte(sjis), late[len(header):]...)
					}
					env = upload(t, admin, us1, "inventory.txt", file)
					apptest.ExpectOK(t, env)
					var r run
					env.Into(t, &r)
					if r = waitRun(t, admin, r.ID); r.Status != "failed" || r.Error != core.MsgReportEncoding {
						t.Fatalf("%s after 64 KB (%q): run %+v", c.name, prefix, r)
					}
				}
			}
		})
	}
}
