package datasync_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	"sellerhub/app/datasync"
	"sellerhub/config"
	accountsdb "sellerhub/models/accounts"
	catalogdb "sellerhub/models/catalog"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

const base = "/amazon/api/v1/datasync/"

// start runs the product against a stand-in serving the simulated sellers; the workers do not run, so what a call
// queues waits in the database.
func start(t *testing.T, opts ...apptest.Option) (*apptest.Harness, *amazontest.Server, *sellerdata.World, *apptest.Client) {
	t.Helper()
	amz := amazontest.Start(t)
	w := sellerdata.New(time.Now())
	amz.Content, amz.Scheduled = w.Content, w.Scheduled
	h := apptest.Start(t, append(opts, apptest.WithConfig(func(c *config.Config) { amz.Configure(c) }))...)
	admin := h.Client()
	apptest.ExpectOK(t, admin.Login(apptest.AdminAccount, apptest.AdminPassword))
	return h, amz, w, admin
}

const ownClient, ownSecret = "amzn1.application-oa2-client.datasync", "own-app-secret"

// authorise adds a store group with the seller authorised in the region and returns the group's and the seller
// account's row ids.
func authorise(t *testing.T, h *apptest.Harness, amz *amazontest.Server, c *apptest.Client, seller, region, group string) (string, string) {
	t.Helper()
	amz.AddClient(ownClient, ownSecret)
	env := c.Call(http.MethodPost, "/amazon/api/v1/amzauthority/storeGroups", map[string]string{"name": group})
	apptest.ExpectOK(t, env)
	var g struct{ ID string }
	env.Into(t, &g)
	apptest.ExpectOK(t, c.Call(http.MethodPost, "/amazon/api/v1/amzauthority/saveAuth", map[string]string{"groupid": g.ID,
		"region": region, "sellerid": seller, "clientId": ownClient, "clientSecret": ownSecret, "refreshToken": amz.IssueRefreshToken(seller)}))
	var row storesdb.Seller
	if err := h.DB.Take(&row, "selling_partner_id = ?", seller).Error; err != nil {
		t.Fatal(err)
	}
	return g.ID, strconv.FormatInt(row.ID, 10)
}

type task struct {
	ID, SellerRowID, GroupID, GroupName, Region, RegionName, SellerID, Kind, KindName string
	State, StateName, QueuedBy, LastSuccess, NextRun, Progress, LastError             string
	Lines                                                                             int64
	Syncable                                                                          bool
}

func tasks(t *testing.T, c *apptest.Client, filters map[string]any) ([]task, int) {
	t.Helper()
	if _, ok := filters["pagesize"]; !ok {
		filters["pagesize"] = 100
	}
	env := c.Call(http.MethodPost, base+"page", filters)
	apptest.ExpectOK(t, env)
	var page struct {
		Records []task
		Total   int
	}
	env.Into(t, &page)
	return page.Records, page.Total
}

type run struct {
	ID, TaskID, GroupName, RegionName, Kind, KindName, Cause, Status, StatusName, FileName, Error, StartedAt, FinishedAt string
	Lines, Written                                                                                                       int64
}

func runs(t *testing.T, c *apptest.Client, filters map[string]any) []run {
	t.Helper()
	env := c.Call(http.MethodPost, base+"runs", filters)
	apptest.ExpectOK(t, env)
	var page struct{ Records []run }
	env.Into(t, &page)
	return page.Records
}

// syncJobs counts the data sync jobs waiting in the queue.
func syncJobs(t *testing.T, h *apptest.Harness) int64 {
	t.Helper()
	var n int64
	if err := h.DB.Table("river_job").Where("kind = ?", datasync.SyncArgs{}.Kind()).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// upload posts a report file as 上传报告 does.
func upload(t *testing.T, c *apptest.Client, fields map[string]string, name string, file []byte) apptest.Envelope {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	if file != nil {
		fw, _ := mw.CreateFormFile("file", name)
		_, _ = fw.Write(file)
	}
	_ = mw.Close()
	resp, b := c.Raw(http.MethodPost, base+"upload", mw.FormDataContentType(), &body)
	var env apptest.Envelope
	if err := json.Unmarshal(b, &env); err != nil {
		t.Fatalf("upload answered %d: %s", resp.StatusCode, b)
	}
	env.Status = resp.StatusCode
	return env
}

// file is a report of the stand-in's world, as Seller Central would let the seller download it.
func file(t *testing.T, w *sellerdata.World, seller, reportType string, marketplaces ...string) []byte {
	t.Helper()
	r, err := w.Content(seller, reportType, marketplaces, w.Now.Add(-30*24*time.Hour), w.Now)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Authorising a store queues every kind's first sync with it, in the list as 排队中 by 授权; 立即同步 and
// requestReportParamAuth queue nothing more while those wait; the failures say why in the seller's words.
func TestTasksAndSyncNow(t *testing.T) {
	h, amz, _, admin := start(t)
	group, seller := authorise(t, h, amz, admin, amazontest.DefaultSeller, "NA", "北美店")
	list, total := tasks(t, admin, map[string]any{})
	kinds := []string{"订单", "FBA库存", "结算报告", "FBA费用预估", "买家退货", "在售商品", "父ASIN", "库存分类账明细", "库存分类账汇总", "赔偿报告", "月度仓储费", "长期仓储费", "库存规划", "移除订单", "移除货件", "销售与流量"}
	if total != len(kinds) || len(list) != len(kinds) {
		t.Fatalf("%d tasks: %+v", total, list)
	}
	for i, tk := range list {
		if tk.KindName != kinds[i] || tk.State != "queued" || tk.StateName != "排队中" || tk.QueuedBy != "授权" ||
			tk.GroupName != "北美店" || tk.RegionName != "北美" || tk.SellerID != amazontest.DefaultSeller ||
			tk.SellerRowID != seller || tk.GroupID != group || !tk.Syncable || tk.LastSuccess != "" || tk.NextRun != "" {
			t.Fatalf("task %d: %+v", i, tk)
		}
	}
	if n := syncJobs(t, h); n != int64(len(kinds)) {
		t.Fatalf("%d jobs queued by the authorisation", n)
	}
	if got, _ := tasks(t, admin, map[string]any{"kind": "settlements", "groupid": group, "state": "queued"}); len(got) != 1 || got[0].KindName != "结算报告" {
		t.Fatalf("filtered: %+v", got)
	}
	if got, total := tasks(t, admin, map[string]any{"groupid": "x"}); len(got) != 0 || total != 0 {
		t.Fatalf("a group id that is none: %+v", got)
	}

	env := admin.Call(http.MethodPost, base+"tasks/"+list[0].ID+"/sync", nil)
	apptest.ExpectOK(t, env)
	var now task
	env.Into(t, &now)
	if now.ID != list[0].ID || now.State != "queued" || now.KindName != "订单" {
		t.Fatalf("sync now answered %+v", now)
	}
	env = admin.Call(http.MethodGet, "/amazon/api/v1/report/requestReportParamAuth?sellerid="+seller, nil)
	apptest.ExpectOK(t, env)
	var reports []struct{ ID, ReportType, Status, CreatedAt string }
	env.Into(t, &reports)
	// The report kinds; the 父ASIN lookup is no report, though queued too.
	if len(reports) != len(kinds)-1 || reports[0].ReportType != "GET_FLAT_FILE_ALL_ORDERS_DATA_BY_LAST_UPDATE_GENERAL" || reports[0].Status != "queued" || reports[0].CreatedAt == "" {
		t.Fatalf("requestReportParamAuth answered %+v", reports)
	}
	if n := syncJobs(t, h); n != int64(len(kinds)) {
		t.Fatalf("%d jobs after asking again while they wait", n)
	}

	apptest.Expect(t, admin.Call(http.MethodPost, base+"tasks/123/sync", nil), http.StatusNotFound, "A0404", "同步任务不存在")
	apptest.Expect(t, admin.Call(http.MethodPost, base+"tasks/abc/sync", nil), http.StatusNotFound, "A0404", "同步任务不存在")
	h.DB.Model(&storesdb.Seller{}).Where("selling_partner_id = ?", amazontest.DefaultSeller).Update("status", storesdb.SellerInvalid)
	apptest.Expect(t, admin.Call(http.MethodPost, base+"tasks/"+list[1].ID+"/sync", nil), http.StatusBadRequest, "B0001", "授权已失效，请重新授权")
	// Done but refused: no 立即同步 and no 下次同步, which the periodic job will not keep until it is authorised again.
	h.DB.Model(&datasyncdb.SyncTask{}).Where("id = ?", list[1].ID).Update("state", datasyncdb.SyncDone)
	if got, _ := tasks(t, admin, map[string]any{}); got[1].Syncable || got[1].NextRun != "" {
		t.Fatalf("a refused store's task offers 立即同步 or a next run: %+v", got[1])
	}
	h.DB.Model(&storesdb.Seller{}).Where("selling_partner_id = ?", amazontest.DefaultSeller).Updates(map[string]any{"status": storesdb.SellerActive, "disabled": true})
	apptest.Expect(t, admin.Call(http.MethodPost, base+"tasks/"+list[1].ID+"/sync", nil), http.StatusBadRequest, "B0001", "该店铺授权已停用，请重新授权")
	apptest.Expect(t, admin.Call(http.MethodGet, "/amazon/api/v1/report/requestReportParamAuth?sellerid="+seller, nil), http.StatusBadRequest, "B0001", "该店铺授权已停用，请重新授权")

	resp, body := admin.Raw(http.MethodGet, base+"export", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), "%E6%95%B0%E6%8D%AE%E5%90%8C%E6%AD%A5_") || len(body) == 0 {
		t.Fatalf("export answered %d %s", resp.StatusCode, resp.Header)
	}
	resp, _ = admin.Raw(http.MethodGet, base+"runs/export", "", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Type"), "spreadsheet") {
		t.Fatalf("runs export answered %d %s", resp.StatusCode, resp.Header)
	}
}

// waitRun polls the history until the run has ended (done or failed) and returns it.
func waitRun(t *testing.T, c *apptest.Client, id string) run {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		for _, r := range runs(t, c, map[string]any{"pagesize": 100}) {
			if r.ID == id && r.Status != "queued" && r.Status != "running" {
				return r
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("run %s has not ended: %+v", id, runs(t, c, map[string]any{"pagesize": 100}))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// storedParts counts the parts of uploaded files waiting in the database.
func storedParts(t *testing.T, h *apptest.Harness) int64 {
	t.Helper()
	var n int64
	if err := h.DB.Model(&datasyncdb.SyncUploadPart{}).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// 上传报告: the request answers at once with its run queued (排队中), the file stored in the database and its
// import queued with it; a worker then imports it through the same import as a sync, and the run ends 成功 with
// the lines read and written, the stored file gone. Reading the file again writes nothing. A Japanese file in
// Windows-31J with Amazon.co.jp's Japanese column names and a gzip-compressed one read alike; a line that cannot be
// read fails the run, named. A file of another kind, an unreadable one and none at all are refused before
// anything is written or queued. On SQLite and PostgreSQL.
func TestUpload(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) { testUpload(t, kind) })
	}
}

func testUpload(t *testing.T, kind string) {
	h, amz, w, admin := start(t, apptest.WithDatabase(kind))
	_, us := authorise(t, h, amz, admin, amazontest.DefaultSeller, "NA", "北美店")
	_, jp := authorise(t, h, amz, admin, amazontest.JapanSeller, "FE", "日本店")
	// These stores' data comes from uploads alone: without a refresh token nothing of theirs syncs (the syncs the
	// authorisation queued end without a run), as for a store whose data comes from files.
	if err := h.DB.Model(&storesdb.Seller{}).Where("selling_partner_id IN ?", []string{amazontest.DefaultSeller, amazontest.JapanSeller}).
		Update("refresh_token", "").Error; err != nil {
		t.Fatal(err)
	}
	us1 := map[string]string{"sellerid": us, "kind": "inventory", "marketplaceid": "ATVPDKIKX0DER"}
	inventory := file(t, w, amazontest.DefaultSeller, "GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA", "ATVPDKIKX0DER")
	lines := int64(bytes.Count(inventory, []byte("\n")) - 1)

	env := upload(t, admin, us1, "inventory.txt", inventory)
	apptest.ExpectOK(t, env)
	var r run
	env.Into(t, &r)
	if r.Cause != "上传" || r.Status != "queued" || r.StatusName != "排队中" || r.FileName != "inventory.txt" || r.Lines != 0 || r.FinishedAt != "" {
		t.Fatalf("upload answered %+v", r)
	}
	var jobs int64
	h.DB.Table("river_job").Where("kind = ?", datasync.UploadArgs{}.Kind()).Count(&jobs)
	if parts := storedParts(t, h); parts == 0 || jobs != 1 {
		t.Fatalf("the upload stored %d parts and queued %d jobs", parts, jobs)
	}

	h.StartWorkers(t)
	if r = waitRun(t, admin, r.ID); r.Status != "done" || r.StatusName != "成功" || r.Lines != lines || r.Written == 0 || r.FinishedAt == "" {
		t.Fatalf("the upload's run %+v (file of %d lines)\n%s", r, lines, h.Log.String())
	}
	if parts := storedParts(t, h); parts != 0 {
		t.Fatalf("%d parts left after the import", parts)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write(inventory)
	_ = zw.Close()
	env = upload(t, admin, us1, "inventory.txt.gz", gz.Bytes())
	apptest.ExpectOK(t, env)
	env.Into(t, &r)
	if r = waitRun(t, admin, r.ID); r.Status != "done" || r.Lines != lines || r.Written != 0 {
		t.Fatalf("the same file again, gzipped: %+v", r)
	}
	history := runs(t, admin, map[string]any{})
	if len(history) != 2 || history[0].FileName != "inventory.txt.gz" || history[1].KindName != "FBA库存" || history[1].GroupName != "北美店" || history[1].FinishedAt == "" {
		t.Fatalf("history %+v", history)
	}

	// Japan's listings as Seller Central gives them: Windows-31J, the columns named in Japanese (出品者SKU, 価格, …).
	listings := file(t, w, amazontest.JapanSeller, "GET_MERCHANT_LISTINGS_ALL_DATA", "A1VC38T7YXB528")
	if !bytes.HasPrefix(listings, []byte("商品名\t")) || !bytes.Contains(listings[:bytes.IndexByte(listings, '\n')], []byte("\t出品者SKU\t")) {
		t.Fatalf("the Japanese listings file's header: %s", listings[:bytes.IndexByte(listings, '\n')])
	}
	sjis, err := japanese.ShiftJIS.NewEncoder().Bytes(listings)
	if err != nil {
		t.Fatal(err)
	}
	env = upload(t, admin, map[string]string{"sellerid": jp, "kind": "listings", "marketplaceid": "A1VC38T7YXB528"}, "listings.txt", sjis)
	apptest.ExpectOK(t, env)
	env.Into(t, &r)
	want := w.Listings(amazontest.JapanSeller, "A1VC38T7YXB528")
	if r = waitRun(t, admin, r.ID); r.Status != "done" || r.Lines != int64(len(want)) || r.Written != int64(len(want)) {
		t.Fatalf("the Japanese listings' run %+v, %d listings in the file\n%s", r, len(want), h.Log.String())
	}
	for _, l := range want {
		var got catalogdb.Listing
		if err := h.DB.Take(&got, "seller_sku = ? AND marketplace_id = ?", l.SellerSKU, "A1VC38T7YXB528").Error; err != nil {
			t.Fatal(err)
		}
		if got.ItemName != l.ItemName || !got.Price.Equal(l.Price) || got.Currency != "JPY" || got.ASIN != l.ASIN ||
			got.Status != l.Status || got.FulfillmentChannel != l.FulfillmentChannel || got.Quantity != l.Quantity ||
			got.OpenDate == nil || !got.OpenDate.Equal(l.OpenDate.Truncate(time.Second)) {
			t.Fatalf("listing %s: %+v, the file says %+v", l.SellerSKU, got, l)
		}
	}

	// A line whose price is not money: the run fails and names it; nothing of its batch is written.
	head, rest, _ := strings.Cut(string(inventory), "\n")
	first, _, _ := strings.Cut(rest, "\n")
	cols := strings.Split(first, "\t")
	cols[5] = "abc"
	env = upload(t, admin, us1, "bad.txt", []byte(head+"\n"+strings.Join(cols, "\t")+"\n"))
	apptest.ExpectOK(t, env)
	env.Into(t, &r)
	if r = waitRun(t, admin, r.ID); r.Status != "failed" || r.StatusName != "失败" || r.Error != "第2行：your-price 不是金额：“abc”" {
		t.Fatalf("a file with a bad line: %+v", r)
	}
	if parts := storedParts(t, h); parts != 0 {
		t.Fatalf("%d parts left after a failed import", parts)
	}

	before := len(runs(t, admin, map[string]any{}))
	usListings := file(t, w, amazontest.DefaultSeller, "GET_MERCHANT_LISTINGS_ALL_DATA", "ATVPDKIKX0DER")
	for _, refused := range []struct {
		fields map[string]string
		name   string
		file   []byte
		msg    string
	}{
		{us1, "listings.txt", usListings, datasync.MsgUploadWrongKind},
		{us1, "inventory.gz", []byte{0x1f, 0x8b, 1, 2, 3}, datasync.MsgUploadUnreadable},
		{us1, "", nil, datasync.MsgUploadEmpty},
		{us1, "empty.txt", []byte{}, datasync.MsgUploadEmpty},
		{map[string]string{"sellerid": us, "kind": "stock"}, "inventory.txt", inventory, datasync.MsgKindUnknown},
		{map[string]string{"sellerid": us, "kind": "listings", "marketplaceid": "A1VC38T7YXB528"}, "listings.txt", listings, datasync.MsgMarketplaceNeeded},
	} {
		apptest.Expect(t, upload(t, admin, refused.fields, refused.name, refused.file), http.StatusBadRequest, "A0400", refused.msg)
	}
	apptest.Expect(t, upload(t, admin, map[string]string{"sellerid": "1", "kind": "inventory"}, "inventory.txt", inventory), http.StatusNotFound, "A0404", "卖家账号不存在")
	if after := len(runs(t, admin, map[string]any{})); after != before || storedParts(t, h) != 0 {
		t.Fatalf("refused uploads left %d runs, %d stored parts", after-before, storedParts(t, h))
	}
}

// Reading the lists needs the 数据同步 screen, 立即同步 amz:sync:run and 上传报告 amz:sync:upload. A user limited to
// store groups sees, syncs and uploads for only theirs.
func TestWhoMayCall(t *testing.T) {
	h, amz, w, admin := start(t)
	mine, _ := authorise(t, h, amz, admin, amazontest.DefaultSeller, "NA", "一店")
	_, theirs := authorise(t, h, amz, admin, amazontest.JapanSeller, "FE", "二店")
	list, _ := tasks(t, admin, map[string]any{})
	if len(list) != 2*len(amazondata.Kinds) {
		t.Fatalf("%d tasks", len(list))
	}
	var jpTask string
	for _, tk := range list {
		if tk.SellerRowID == theirs {
			jpTask = tk.ID
		}
	}
	listings := file(t, w, amazontest.JapanSeller, "GET_MERCHANT_LISTINGS_ALL_DATA", "A1VC38T7YXB528")
	jpListings := map[string]string{"sellerid": theirs, "kind": "listings", "marketplaceid": "A1VC38T7YXB528"}

	nobody, _ := h.RestrictedUser("13900000071", nil, nil)
	viewer, _ := h.RestrictedUser("13900000072", []string{"auth.datasync"}, nil)
	runner, _ := h.RestrictedUser("13900000073", []string{"auth.datasync"}, []string{datasync.PermissionSyncRun})
	uploader, _ := h.RestrictedUser("13900000074", []string{"auth.datasync"}, []string{datasync.PermissionSyncUpload})
	denied := func(env apptest.Envelope) {
		t.Helper()
		apptest.Expect(t, env, http.StatusUnauthorized, "A0301", "访问未授权")
	}
	denied(nobody.Call(http.MethodPost, base+"page", map[string]any{}))
	denied(nobody.Call(http.MethodPost, base+"runs", map[string]any{}))
	apptest.ExpectOK(t, viewer.Call(http.MethodPost, base+"page", map[string]any{}))
	apptest.ExpectOK(t, viewer.Call(http.MethodPost, base+"runs", map[string]any{}))
	denied(viewer.Call(http.MethodPost, base+"tasks/"+jpTask+"/sync", nil))
	denied(upload(t, viewer, jpListings, "listings.txt", listings))
	denied(uploader.Call(http.MethodPost, base+"tasks/"+jpTask+"/sync", nil))
	apptest.ExpectOK(t, runner.Call(http.MethodPost, base+"tasks/"+jpTask+"/sync", nil))
	denied(upload(t, runner, jpListings, "listings.txt", listings))
	apptest.ExpectOK(t, upload(t, uploader, jpListings, "listings.txt", listings))

	// Limited to 一店: 二店's tasks and runs are not there, and cannot be synced or uploaded for.
	clerk, role := h.RestrictedUser("13900000075", []string{"auth.datasync"}, []string{datasync.PermissionSyncRun, datasync.PermissionSyncUpload})
	u, _ := accountsdb.UserByAccount(h.DB, "13900000075")
	apptest.ExpectOK(t, admin.Call(http.MethodPut, "/admin/api/v1/users/subusers/"+strconv.FormatInt(u.ID, 10),
		map[string]any{"name": "员工", "roleIds": []string{strconv.FormatInt(role.ID, 10)}, "storeGroupIds": []string{mine}}))
	seen, total := tasks(t, clerk, map[string]any{})
	if total != len(amazondata.Kinds) || len(seen) != len(amazondata.Kinds) || seen[0].GroupName != "一店" {
		t.Fatalf("limited user sees %d tasks: %+v", total, seen)
	}
	if r := runs(t, clerk, map[string]any{}); len(r) != 0 {
		t.Fatalf("limited user sees 二店's upload: %+v", r)
	}
	apptest.Expect(t, clerk.Call(http.MethodPost, base+"tasks/"+jpTask+"/sync", nil), http.StatusNotFound, "A0404", "同步任务不存在")
	apptest.Expect(t, upload(t, clerk, jpListings, "listings.txt", listings), http.StatusNotFound, "A0404", "卖家账号不存在")
}
