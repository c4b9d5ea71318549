package api

import (
	"fmt"
	"net/url"

	"github.com/labstack/echo/v5"
	"github.com/xuri/excelize/v2"
)

// ExportColumn is one column of an export: its header and how to read a row's cell.
type ExportColumn[T any] struct {
	Title string
	Value func(T) any
}

// XLSX answers a download of rows as one .xlsx sheet, streaming so that a large query does not hold the whole
// workbook in memory twice. The file name is given without extension.
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
		header[i] = col.Title
	}
	if err := w.SetRow("A1", header); err != nil {
		return err
	}
	for r, row := range rows {
		cells := make([]any, len(columns))
		for i, col := range columns {
			cells[i] = col.Value(row)
		}
		cell, _ := excelize.CoordinatesToCellName(1, r+2)
		if err := w.SetRow(cell, cells); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	h.Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=\"export.xlsx\"; filename*=UTF-8''%s.xlsx", url.PathEscape(name)))
	c.Response().WriteHeader(200)
	return f.Write(c.Response())
}
