package admin

import (
	"bytes"
	"context"
	"encoding/json"
	"mime"
	"net/url"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"sellerhub/app/core"
	admindb "sellerhub/models/admin"
)

// PermissionOperationLogView lets a user read the company's operation log (系统 > 操作日志).
const PermissionOperationLogView = "sys:oplog:view"

// Masked is what a secret field of a logged request body is replaced by.
const Masked = "******"

// maskedFields are the request fields whose values never reach the log, compared without case: passwords, the
// SMS and e-mail codes with their keys, and tokens and secrets of the store authorizations.
var maskedFields = map[string]bool{"password": true, "oldpassword": true, "repassword": true, "code": true,
	"key": true, "token": true, "secret": true, "clientsecret": true, "client_secret": true, "refreshtoken": true,
	"refresh_token": true, "spapi_oauth_code": true, "mws_auth_token": true, "state": true}

// detailMaxRunes bounds a logged body: the log says what changed, it does not archive uploads.
const detailMaxRunes = 8000

// BodyKeptBytes is the most of a request body the log keeps (and the operation log middleware reads ahead): far
// more than any form a person fills in, far less than any route's body limit.
const BodyKeptBytes = 64 << 10

// Operation is one successful change to log, as the operation log middleware saw the call.
type Operation struct {
	Action   string
	Method   string
	Path     string
	TargetID string
	// Body and ContentType are the request's; Query its query string, logged when the body is empty (the GET
	// calls that write take their input there).
	Body        []byte
	ContentType string
	// BodyCut tells that the body went on past BodyKeptBytes (Body is then its beginning): it is logged as its
	// type alone, as a cut JSON cannot be read and masked.
	BodyCut bool
	// Parts are a multipart form's parts, by field name and, for a file, its name and size: never their content.
	Parts  []FormPart
	Query  url.Values
	IP     string
	Status int
	// Subject and Changes are what the handler noted: the target's readable name and the fields it changed.
	// Without changes the summary lists the labelled fields of the body.
	Subject string
	Changes []Change
}

// FormPart is one part of a multipart form as the log tells it: its field name and, for a file, the file's name and
// size in bytes.
type FormPart struct {
	Field string `json:"field"`
	File  string `json:"file,omitempty"`
	Size  int64  `json:"size,omitempty"`
}

// Change is one field a call changed, by its Chinese label, with its value before and after.
type Change struct {
	Label, Old, New string
}

// RecordOperation writes a successful change to the company's operation log, its input masked. The user's name
// is copied, so the log still says who it was after a rename.
func (s *Service) RecordOperation(ctx context.Context, p core.Principal, op Operation) error {
	u, err := core.CurrentUser(ctx, s.db, p)
	if err != nil {
		return err
	}
	name := u.Profile.Name
	if name == "" {
		name = u.Account
	}
	entry := &admindb.OperationLog{CompanyID: p.CompanyID, UserID: p.UserID, UserName: truncateRunes(name, 50),
		Method: op.Method, Path: truncateRunes(op.Path, 200), Action: truncateRunes(op.Action, 50),
		TargetID: truncateRunes(op.TargetID, 40), Subject: truncateRunes(op.Subject, 100),
		Summary: truncateRunes(Summary(op), detailMaxRunes), Detail: detailOf(op),
		IP: truncateRunes(op.IP, 64), Status: op.Status, CreatedAt: s.now.Stamp()}
	return admindb.CreateOperationLog(s.db.With(ctx), entry)
}

// detailOf is an operation's input as the log keeps it: a multipart form's parts by name, a cut body's type, or
// else the masked body.
func detailOf(op Operation) string {
	mediaType, _, _ := mime.ParseMediaType(op.ContentType)
	switch {
	case len(op.Parts) > 0:
		b, err := json.Marshal(op.Parts)
		if err != nil {
			return ""
		}
		return truncateRunes(string(b), detailMaxRunes)
	case op.BodyCut:
		return "(" + mediaType + ", > 64 KB)"
	}
	return MaskedDetail(op.Body, op.ContentType, op.Query)
}

// MaskedDetail renders a request's input as JSON with every secret field's value masked, at any depth. JSON
// bodies and forms are logged; other bodies (uploads) only as their type. Without a body the query is logged.
func MaskedDetail(body []byte, contentType string, query url.Values) string {
	var v any
	mediaType, _, _ := mime.ParseMediaType(contentType)
	switch {
	case len(bytes.TrimSpace(body)) == 0:
		if len(query) == 0 {
			return ""
		}
		v = valuesObject(query)
	case mediaType == "application/json":
		d := json.NewDecoder(bytes.NewReader(body))
		d.UseNumber()
		if d.Decode(&v) != nil {
			return ""
		}
	case mediaType == "application/x-www-form-urlencoded":
		form, err := url.ParseQuery(string(body))
		if err != nil {
			return ""
		}
		v = valuesObject(form)
	default:
		return "(" + mediaType + ")"
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if enc.Encode(mask(v)) != nil {
		return ""
	}
	return truncateRunes(strings.TrimSpace(out.String()), detailMaxRunes)
}

// Summary says in words what a call did: the changes the handler noted (名称 陶瓷马克杯 → 陶瓷杯), or else the
// body's fields that have a label (名称 深圳二仓；备注 …). Ids, secrets and unlabelled fields are left out, so
// the screen never shows a password, a token or an internal number.
func Summary(op Operation) string {
	parts := []string{}
	for _, ch := range op.Changes {
		parts = append(parts, ch.Label+" "+orDash(ch.Old)+" → "+orDash(ch.New))
	}
	if len(op.Changes) == 0 && !op.BodyCut {
		parts = bodySummary(op.Body, op.ContentType, op.Query)
	}
	return strings.Join(parts, "；")
}

func orDash(s string) string {
	if s == "" {
		return "（空）"
	}
	return s
}

// bodySummary lists the labelled top-level fields of a JSON or form body (or of the query without one), in
// field-name order so that the same call always reads the same.
func bodySummary(body []byte, contentType string, query url.Values) []string {
	var fields map[string]any
	mediaType, _, _ := mime.ParseMediaType(contentType)
	switch {
	case len(bytes.TrimSpace(body)) == 0:
		fields = valuesObject(query)
	case mediaType == "application/json":
		d := json.NewDecoder(bytes.NewReader(body))
		d.UseNumber()
		if d.Decode(&fields) != nil {
			return nil
		}
	case mediaType == "application/x-www-form-urlencoded":
		form, err := url.ParseQuery(string(body))
		if err != nil {
			return nil
		}
		fields = valuesObject(form)
	default:
		return nil
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		if _, ok := FieldLabels[k]; ok && !maskedFields[strings.ToLower(k)] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	parts := []string{}
	for _, k := range keys {
		if text, ok := scalarText(fields[k]); ok && text != "" {
			parts = append(parts, FieldLabels[k]+" "+truncateRunes(text, 100))
		}
	}
	return parts
}

// scalarText renders a string, number or yes/no; lists and objects (document lines, id lists) are left out.
func scalarText(v any) (string, bool) {
	switch t := v.(type) {
	case string:
		return t, true
	case json.Number:
		return t.String(), true
	case bool:
		if t {
			return "是", true
		}
		return "否", true
	}
	return "", false
}

// FieldLabels are the Chinese labels of the request and record fields the log names; a field without one
// (ids above all, and codes such as kind or status, which read as their *Name) never appears in a summary.
var FieldLabels = map[string]string{
	"sku": "SKU", "name": "名称", "remark": "备注", "kindName": "类型", "brand": "品牌",
	"category": "分类", "supplier": "供应商", "weight": "重量", "length": "长", "width": "宽", "height": "高",
	"cartonWeight": "箱重", "price": "价格", "purchasePrice": "采购价", "unit": "单位", "image": "图片",
	"address": "地址", "allowNegative": "允许负库存", "disabled": "停用", "statusName": "状态", "number": "单号",
	"warehouse": "仓库", "warehouseName": "仓库", "account": "账号", "nickname": "昵称", "email": "邮箱",
	"phone": "电话", "mobile": "手机", "role": "角色", "roleName": "角色", "roles": "角色", "groupName": "分组",
	"storeName": "店铺", "shipmentName": "货件名称", "country": "国家", "platform": "平台", "code": "编码",
	"title": "标题", "content": "内容", "description": "描述", "contact": "联系人", "comment": "说明",
	"storeGroups": "店铺组", "deptName": "部门",
}

// valuesObject turns form or query values into a JSON object: one value as a string, several as a list.
func valuesObject(values url.Values) map[string]any {
	out := make(map[string]any, len(values))
	for k, vs := range values {
		if len(vs) == 1 {
			out[k] = vs[0]
		} else {
			out[k] = vs
		}
	}
	return out
}

// mask replaces the values of secret fields, in objects at any depth and inside lists.
func mask(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, val := range t {
			if maskedFields[strings.ToLower(k)] {
				t[k] = Masked
			} else {
				t[k] = mask(val)
			}
		}
	case []any:
		for i := range t {
			t[i] = mask(t[i])
		}
	}
	return v
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// OperationLogQuery is the body (or query) of the operation log list: the page, the user's name and the action
// (parts of them), and the dates (yyyy-MM-dd, both included) to look between.
type OperationLogQuery struct {
	core.PageRequest
	Order     string `json:"order" form:"order" query:"order"`
	User      string `json:"user" form:"user" query:"user"`
	Action    string `json:"action" form:"action" query:"action"`
	StartDate string `json:"startDate" form:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" form:"endDate" query:"endDate"`
}

// filter reads the query's filters; the dates are days in the configured time zone.
func (q OperationLogQuery) filter(loc *time.Location) (admindb.OperationLogFilter, error) {
	f := admindb.OperationLogFilter{User: strings.TrimSpace(q.User), Action: strings.TrimSpace(q.Action)}
	var err error
	f.From, f.To, err = core.DayRange(loc, q.StartDate, q.EndDate)
	if err != nil {
		return f, err
	}
	return f, nil
}

// OperationLogPage lists a page of the company's operation log, newest first unless the query asks for asc,
// with the total and the page served.
func (s *Service) OperationLogPage(ctx context.Context, p core.Principal, q OperationLogQuery) ([]admindb.OperationLog, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f, err := q.filter(s.timeZone)
	if err != nil {
		return nil, 0, r, err
	}
	f.Anchor = r.Anchor()
	rows, total, err := admindb.OperationLogPage(s.db.With(ctx), p.CompanyID, f, strings.EqualFold(q.Order, "asc"), r.Offset(), r.Size)
	return rows, total, r, err
}
