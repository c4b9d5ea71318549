package core

import (
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Imported workbooks are read through SheetRows: a small .xlsx can unzip to gigabytes or hold hundreds of
// thousands of rows, so what it unzips to is bounded and its rows are streamed, reading stops at the import's
// limit rather than after the whole sheet.
const (
	// MaxSheetUnzipped bounds what a workbook unzips to, every part together: a full import of 5,000 products is
	// a few megabytes.
	MaxSheetUnzipped = 32 << 20
	// sheetInMemory is the largest sheet kept in memory while read; a larger one is unzipped to a temporary file.
	sheetInMemory = 4 << 20
	// blankRowsFactor bounds the rows read, blank ones included, as a multiple of the import's limit.
	blankRowsFactor = 10
)

// MsgSheetTooBig refuses a workbook that unzips to more than MaxSheetUnzipped.
const MsgSheetTooBig = "文件解压后超过32MB，请删除多余的行、列和图片，或分成几个文件导入"

// SheetRows reads the first sheet of a workbook, its header row first, as excelize's GetRows does (each row's
// cells up to its last filled one, empty rows at the end dropped). More than maxRows filled rows after the header,
// or more than blankRowsFactor times that counting empty ones, is refused with tooMany as soon as reading gets
// there; a file that is no workbook is refused with bad.
func SheetRows(r io.Reader, maxRows int, bad, tooMany string) ([][]string, error) {
	f, err := excelize.OpenReader(r, excelize.Options{UnzipSizeLimit: MaxSheetUnzipped, UnzipXMLSizeLimit: sheetInMemory})
	// excelize has no sentinel for this refusal, only its text (a test keeps the two together).
	if err != nil && strings.HasPrefix(err.Error(), "unzip size exceeds") {
		return nil, Invalid(MsgSheetTooBig)
	}
	if err != nil {
		return nil, Invalid(bad)
	}
	defer f.Close()
	rows, err := f.Rows(f.GetSheetName(0))
	if err != nil {
		return nil, Invalid(bad)
	}
	defer rows.Close()
	var out [][]string
	filled, last := 0, 0
	for rows.Next() {
		cells, err := rows.Columns()
		if err != nil {
			return nil, Invalid(bad)
		}
		if len(out) > 0 && strings.TrimSpace(strings.Join(cells, "")) != "" {
			filled++
		}
		if filled > maxRows || len(out) > maxRows*blankRowsFactor {
			return nil, Invalid(tooMany)
		}
		out = append(out, cells)
		if len(cells) > 0 {
			last = len(out)
		}
	}
	if rows.Error() != nil {
		return nil, Invalid(bad)
	}
	return out[:last], nil
}
