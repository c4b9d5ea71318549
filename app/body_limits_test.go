package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"sellerhub/app/api"
	syncapi "sellerhub/app/api/datasync"
	"sellerhub/app/apptest"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
	"sellerhub/models/dbtest"
	"sellerhub/models/seed"
)

// zeros reads as endless zero bytes: a body of any size that the test never holds.
type zeros struct{}

func (zeros) Read(b []byte) (int, error) {
	clear(b)
	return len(b), nil
}

// hugeForm is a multipart form of one file field whose file is size bytes of zeros in all, generated as it is sent.
func hugeForm(size int64) (contentType string, body io.Reader) {
	var head bytes.Buffer
	w := multipart.NewWriter(&head)
	_ = w.WriteField("kind", "orders")
	_, _ = w.CreateFormFile("file", "huge.txt")
	return w.FormDataContentType(), io.MultiReader(&head, io.LimitReader(zeros{}, size-int64(head.Len())))
}

// heapPeak samples the process's heap until stop is called, and answers the largest growth seen. Between samples
// the heap can only have grown by what was allocated, which allocated (from the runtime's counters) bounds.
func heapPeak() (stop func() (peak, allocated uint64)) {
	// Garbage is collected soon, so that the samples are the live heap rather than the last collection's target.
	gcPercent := debug.SetGCPercent(10)
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var peak atomic.Uint64
	done, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > before.HeapAlloc && v-before.HeapAlloc > peak.Load() {
				peak.Store(v - before.HeapAlloc)
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	return func() (uint64, uint64) {
		close(done)
		<-sampled
		debug.SetGCPercent(gcPercent)
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		return peak.Load(), after.TotalAlloc - before.TotalAlloc
	}
}

// A signed-in user's 1 GiB body to the routes that take more than the application's 2 MB (a picture, a report
// upload) is refused by the route's own limit before any middleware holds it: while it is refused the server's
// heap grows by at most a few MB beyond that limit, whether the body's length is declared or it comes chunked.
func TestHugeBodyIsRefusedWithinItsRoutesLimit(t *testing.T) {
	const gib = 1 << 30
	const fewMB = 8 << 20
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			admin := h.Client()
			apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
			noRole := h.Member(apptest.AdminAccount, "13900000061", false)
			for _, tc := range []struct {
				name   string
				client *apptest.Client
				path   string
				limit  int64
			}{
				{"users/saveImage by a sub-user with no role", noRole, "/admin/api/v1/users/saveImage", api.ImageBodyLimit},
				{"datasync/upload", admin, "/amazon/api/v1/datasync/upload", syncapi.UploadBodyLimit},
			} {
				for _, declared := range []bool{true, false} {
					t.Run(fmt.Sprintf("%s, length declared %v", tc.name, declared), func(t *testing.T) {
						contentType, body := hugeForm(gib)
						req, err := http.NewRequest(http.MethodPost, h.URL+tc.path, body)
						if err != nil {
							t.Fatal(err)
						}
						req.ContentLength = -1 // chunked
						if declared {
							req.ContentLength = gib
						}
						req.Header.Set("Content-Type", contentType)
						req.Header.Set("jsessionid", tc.client.Token)
						stop := heapPeak()
						start := time.Now()
						resp, err := http.DefaultTransport.RoundTrip(req)
						if err != nil {
							stop()
							t.Fatalf("no answer: %v", err)
						}
						answer, _ := io.ReadAll(resp.Body)
						resp.Body.Close()
						peak, allocated := stop()
						t.Logf("answered %d %s in %s; heap peak +%.1f MB, allocated %.1f MB (route's limit %.1f MB)",
							resp.StatusCode, answer, time.Since(start).Round(time.Millisecond), mb(peak), mb(allocated), mb(uint64(tc.limit)))
						var env apptest.Envelope
						_ = json.Unmarshal(answer, &env)
						if resp.StatusCode != http.StatusRequestEntityTooLarge && !(resp.StatusCode == http.StatusBadRequest && strings.Contains(env.Msg, "超过")) {
							t.Fatalf("answered %d %s, want 413 or the route's own message", resp.StatusCode, answer)
						}
						if peak > uint64(tc.limit)+fewMB || allocated > uint64(tc.limit)+fewMB {
							t.Fatalf("the heap grew by %.1f MB (%.1f MB allocated) refusing the body: more than the route's limit of %.1f MB and a few MB",
								mb(peak), mb(allocated), mb(uint64(tc.limit)))
						}
					})
				}
			}
		})
	}
}

func mb(b uint64) float64 { return float64(b) / (1 << 20) }

// The operation log keeps of a form the names of its fields and its files' names and sizes, never their content,
// and of a text body longer than it keeps, its type alone.
func TestOperationLogKeepsABoundedSummaryOfTheBody(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			noRole := h.Member(apptest.AdminAccount, "13900000062", false)
			var picture bytes.Buffer
			if err := png.Encode(&picture, image.NewGray(image.Rect(0, 0, 300, 300))); err != nil {
				t.Fatal(err)
			}
			var form bytes.Buffer
			w := multipart.NewWriter(&form)
			_ = w.WriteField("note", "头像")
			part, _ := w.CreateFormFile("file", "me.png")
			_, _ = part.Write(picture.Bytes())
			_ = w.Close()
			resp, answer := noRole.Raw(http.MethodPost, "/admin/api/v1/users/saveImage", w.FormDataContentType(), &form)
			if resp.StatusCode != http.StatusOK || !strings.Contains(string(answer), `"201"`) {
				t.Fatalf("saveImage answered %d %s", resp.StatusCode, answer)
			}
			want := fmt.Sprintf(`[{"field":"note"},{"field":"file","file":"me.png","size":%d}]`, picture.Len())
			if got := lastLogged(t, h, "更换头像").Detail; got != want {
				t.Fatalf("logged %q, want %q", got, want)
			}

			// A remark far longer than the log keeps, on a logged JSON route.
			admin := h.Client()
			apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
			apptest.ExpectOK(t, admin.Call(http.MethodPost, "/admin/api/v1/users/updateSelf",
				map[string]string{"name": "管理员", "remark": strings.Repeat("长", 100<<10)}))
			if got := lastLogged(t, h, "修改姓名").Detail; got != "(application/json, > 64 KB)" {
				t.Fatalf("logged %d characters of a cut body: %.200q", len(got), got)
			}
		})
	}
}

// lastLogged is the demo company's newest operation log entry (of the action, when named).
func lastLogged(t *testing.T, h *apptest.Harness, action string) admindb.OperationLog {
	t.Helper()
	admin, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
	if err != nil {
		t.Fatal(err)
	}
	rows, _, err := admindb.OperationLogPage(h.DB, admin.CompanyID, admindb.OperationLogFilter{Action: action}, false, 0, 1)
	if err != nil || len(rows) == 0 {
		t.Fatalf("no operation logged (%v)", err)
	}
	return rows[0]
}

// repeated reads as line over and over.
type repeated struct {
	line []byte
	at   int
}

func (r *repeated) Read(b []byte) (int, error) {
	n := 0
	for n < len(b) {
		c := copy(b[n:], r.line[r.at:])
		n += c
		r.at = (r.at + c) % len(r.line)
	}
	return n, nil
}

// A large report sent to 上传报告 goes through the log and the route to a temporary file and the database a part
// at a time: the server's live heap stays a few MB above where it was, and no temporary file is left behind.
func TestLargeUploadIsStreamed(t *testing.T) {
	const size = 40 << 20
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			t.Setenv("TMPDIR", t.TempDir())
			h := apptest.Start(t, apptest.WithDatabase(kind))
			admin := h.Client()
			apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
			owner, err := accountsdb.UserByAccount(h.DB, apptest.AdminAccount)
			if err != nil {
				t.Fatal(err)
			}
			demo, err := seed.SeedDemo(context.Background(), h.DB, owner.CompanyID)
			if err != nil {
				t.Fatal(err)
			}
			var head bytes.Buffer
			w := multipart.NewWriter(&head)
			_ = w.WriteField("sellerid", strconv.FormatInt(demo.SellerID, 10))
			_ = w.WriteField("kind", "inventory")
			_, _ = w.CreateFormFile("file", "inventory.txt")
			head.WriteString("sku\tafn-fulfillable-quantity\n")
			tail := "\r\n--" + w.Boundary() + "--\r\n"
			lines := size - int64(head.Len()) - int64(len(tail))
			lines -= lines % int64(len("DEMO-MUG-01\t1\n"))
			body := io.MultiReader(&head, io.LimitReader(&repeated{line: []byte("DEMO-MUG-01\t1\n")}, lines), strings.NewReader(tail))
			req, err := http.NewRequest(http.MethodPost, h.URL+"/amazon/api/v1/datasync/upload", body)
			if err != nil {
				t.Fatal(err)
			}
			req.ContentLength = int64(head.Len()) + lines + int64(len(tail))
			req.Header.Set("Content-Type", w.FormDataContentType())
			req.Header.Set("jsessionid", admin.Token)
			stop := heapPeak()
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				stop()
				t.Fatal(err)
			}
			answer, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			peak, _ := stop()
			t.Logf("a %.0f MB upload answered %d; heap peak +%.1f MB", mb(uint64(req.ContentLength)), resp.StatusCode, mb(peak))
			if resp.StatusCode != http.StatusOK || !strings.Contains(string(answer), `"201"`) {
				t.Fatalf("upload answered %d %s", resp.StatusCode, answer)
			}
			// Well under the body, which a server holding it whole would exceed; above a few MB, since garbage waits
			// longer for its collection on a loaded machine.
			if peak > 28<<20 {
				t.Fatalf("the heap grew by %.1f MB taking a %.0f MB upload", mb(peak), mb(uint64(req.ContentLength)))
			}
			if left, _ := filepath.Glob(filepath.Join(os.TempDir(), "sellerhub-upload-*")); len(left) > 0 {
				t.Fatalf("temporary files left: %v", left)
			}
			if got := lastLogged(t, h, "上传报告").Detail; !strings.Contains(got, `"file":"inventory.txt","size":`) || strings.Contains(got, "DEMO-MUG") {
				t.Fatalf("logged %.300q", got)
			}
		})
	}
}
