package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/admin"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/models"
)

// ExportColumn is one column of an export: its header and how to read a row's cell.
type ExportColumn[T any] struct {
	Title string
	Value func(T) any
}

// XLSX answers a download of rows as one .xlsx sheet, streaming so that a large query does not hold the whole
// workbook in memory twice; text that could read as a formula is written as text (core.SheetText). The file name
// is given without extension.
func XLSX[T any](c *echo.Context, name string, columns []ExportColumn[T], rows []T) error {
	f := excelize.NewFile()
	defer f.Close()
	sheet := f.GetSheetName(0)
	w, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	header := make([]any, len(columns))
	for i, col := range columns {
		header[i] = core.SheetText(col.Title)
	}
	if err := w.SetRow("A1", header); err != nil {
		return err
	}
	for r, row := range rows {
		cells := make([]any, len(columns))
		for i, col := range columns {
			cells[i] = core.SheetText(col.Value(row))
		}
		cell, _ := excelize.CoordinatesToCellName(1, r+2)
		if err := w.SetRow(cell, cells); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return Workbook(c, name, f)
}

// Workbook answers a download of a built .xlsx workbook; the file name is given without extension.
func Workbook(c *echo.Context, name string, f *excelize.File) error {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	h.Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=\"export.xlsx\"; filename*=UTF-8''%s.xlsx", url.PathEscape(name)))
	c.Response().WriteHeader(200)
	return f.Write(c.Response())
}

// Exporter is what every list's export shares: the user's columns of a list (their 列配置) and the zone of the
// date in the file's name.
type Exporter struct {
	Columns  func(ctx context.Context, p core.Principal, queryname string) ([]admin.Column, error)
	TimeZone *time.Location
}

// wholeQuery is a list's query that can ask for all its rows at once (core.PageRequest's WholeQuery).
type wholeQuery[Q any] interface {
	*Q
	WholeQuery()
}

// ExportOf answers GET <list>/export?<the list's filters, sort and order> with the whole query (every page) as
// <name>_<date>.xlsx, in the columns and order the user's 列配置 of queryname shows. The filters are read into
// the list's own query by their names in the page call, and the rows come from the list's own service call and
// shape, so the export has the page's filters, sort, company and store-group scope exactly. A query of more
// than core.MaxExportRows rows is refused, not cut short. ids= (comma separated) limits the file to those rows
// of the query, the list's 导出选中: an id outside the query (another company's) finds no row.
func ExportOf[Q any, PQ wholeQuery[Q], T, O any](x Exporter, name, queryname string,
	list func(context.Context, core.Principal, Q) ([]T, int64, core.PageRequest, error), shape func(*T) O) echo.HandlerFunc {
	return func(c *echo.Context) error {
		q, err := queryOf[Q](c.QueryParams())
		if err != nil {
			return err
		}
		PQ(&q).WholeQuery()
		p, _ := middleware.Principal(c)
		ctx := c.Request().Context()
		cols, err := x.Columns(ctx, p, queryname)
		if err != nil {
			return err
		}
		rows, total, _, err := list(ctx, p, q)
		if err != nil {
			return err
		}
		ids := SelectedIDs(c)
		// A selection is at most a page or a few, so only the whole query is held to the limit.
		// A total past the list's count is more than the export reads once it reaches the export's limit, or
		// the export read as many rows as it may.
		if n, more := models.SplitTotal(total); len(ids) == 0 && more && max(n, int64(len(rows))) >= core.MaxExportRows {
			return core.Invalid(fmt.Sprintf(MsgExportMoreThan, core.MaxExportRows))
		} else if len(ids) == 0 && n > core.MaxExportRows {
			return core.Invalid(fmt.Sprintf(MsgExportTooMany, n, core.MaxExportRows))
		}
		out := make([]map[string]any, 0, len(rows))
		for i := range rows {
			row, err := fields(shape(&rows[i]))
			if err != nil {
				return err
			}
			if len(ids) == 0 || ids[jsString(row["id"])] {
				out = append(out, row)
			}
		}
		// labels are the words the list shows for a column's raw values ({"disabled": {"true": "已停用"}}), the
		// table island's formats, so that the file reads as the list does.
		var labels map[string]map[string]string
		if l := c.QueryParam("labels"); l != "" && json.Unmarshal([]byte(l), &labels) != nil {
			return core.Invalid(MsgExportQueryBad)
		}
		var columns []ExportColumn[map[string]any]
		for _, col := range visible(cols) {
			field := col.Ffield
			columns = append(columns, ExportColumn[map[string]any]{Title: col.Title, Value: func(r map[string]any) any {
				if label, ok := labels[field][jsString(r[field])]; ok {
					return label
				}
				return exportCell(r[field])
			}})
		}
		return XLSX(c, name+"_"+time.Now().In(x.TimeZone).Format(time.DateOnly), columns, out)
	}
}

// SelectedIDs are an export's ids= (comma separated), the rows of 导出选中, none when the whole query is asked.
func SelectedIDs(c *echo.Context) map[string]bool {
	ids := map[string]bool{}
	for _, id := range strings.Split(c.QueryParam("ids"), ",") {
		if id = strings.TrimSpace(id); id != "" {
			ids[id] = true
		}
	}
	return ids
}

// Messages of the exports.
const (
	MsgExportQueryBad = "导出条件有误"
	MsgExportTooMany  = "查询结果共%d条，超过导出上限%d条，请缩小查询范围后再导出"
	// MsgExportMoreThan refuses a query whose rows were not all counted (more than the list counts, and more
	// than the export reads).
	MsgExportMoreThan = "查询结果超过导出上限%d条，请缩小查询范围后再导出"
)

// queryOf reads the address's parameters into a list's query by its JSON names, as the page call's body would
// fill it: each as a string, or, for a field of a number or a flag, as that literal.
func queryOf[Q any](params url.Values) (Q, error) {
	raw := map[string]json.RawMessage{}
	for k, v := range params {
		raw[k], _ = json.Marshal(v[0])
	}
	for range len(raw) + 1 {
		var q Q
		body, _ := json.Marshal(raw)
		err := json.Unmarshal(body, &q)
		var typeErr *json.UnmarshalTypeError
		if err == nil {
			return q, nil
		}
		if !errors.As(err, &typeErr) {
			break
		}
		// The field's path ends with its JSON name (PageRequest.pagesize: an embedded struct's field).
		name := typeErr.Field[strings.LastIndex(typeErr.Field, ".")+1:]
		literal := json.RawMessage(params.Get(name))
		if typeErr.Value != "string" || !json.Valid(literal) {
			break
		}
		raw[name] = literal
	}
	var zero Q
	return zero, core.Invalid(MsgExportQueryBad)
}

// jsString is a value as JavaScript's String() writes it, the key the table island looks its labels up by.
func jsString(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case []any:
		parts := make([]string, len(v))
		for i, p := range v {
			parts[i] = jsString(p)
		}
		return strings.Join(parts, ",")
	default:
		return fmt.Sprint(v)
	}
}

// visible are the columns the list shows: those marked shown or, when none is (a layout with every column
// unticked), all of them, as the table island does.
func visible(cols []admin.Column) []admin.Column {
	var out []admin.Column
	for _, col := range cols {
		if col.IsShow {
			out = append(out, col)
		}
	}
	if len(out) == 0 {
		return cols
	}
	return out
}

// fields is a shaped row by its JSON names, the names the table island's columns (ffield) use.
func fields(row any) (map[string]any, error) {
	raw, err := json.Marshal(row)
	if err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var m map[string]any
	return m, d.Decode(&m)
}

// exportCell writes a value as the table island shows it: 是/否 for a flag, a list joined by 、, numbers as
// numbers so that the sheet can sum them.
func exportCell(v any) any {
	switch v := v.(type) {
	case nil:
		return ""
	case bool:
		if v {
			return "是"
		}
		return "否"
	case json.Number:
		if n, err := v.Int64(); err == nil {
			return n
		}
		f, _ := v.Float64()
		return f
	case []any:
		parts := make([]string, len(v))
		for i, p := range v {
			parts[i] = fmt.Sprint(exportCell(p))
		}
		return strings.Join(parts, "、")
	default:
		return v
	}
}
