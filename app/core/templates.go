package core

import (
	"errors"

	"github.com/xuri/excelize/v2"
)

// TemplateHelpSheet is the import templates' second sheet: how to fill the first, an example row and the allowed
// values. The example stays off the first sheet so that importing the untouched template adds nothing.
const TemplateHelpSheet = "填写说明"

// ImportTemplate is an import's .xlsx template: the column titles alone on the first sheet; on TemplateHelpSheet
// the help text, the titles over one example row, and under 可填的值 one column per list of allowed values (each
// list's first entry its heading).
func ImportTemplate(titles []string, help string, example []any, allowed [][]any) (*excelize.File, error) {
	f := excelize.NewFile()
	first := f.GetSheetName(0)
	if _, err := f.NewSheet(TemplateHelpSheet); err != nil {
		f.Close()
		return nil, err
	}
	heads := make([]any, len(titles))
	for i, t := range titles {
		heads[i] = t
	}
	set := func(sheet string, col, row int, values []any) error {
		cell, _ := excelize.CoordinatesToCellName(col, row)
		values = SheetRow(values)
		return f.SetSheetRow(sheet, cell, &values)
	}
	steps := []error{
		set(first, 1, 1, heads),
		set(TemplateHelpSheet, 1, 1, []any{help}),
		set(TemplateHelpSheet, 1, 3, append([]any{"示例"}, heads...)),
		set(TemplateHelpSheet, 1, 4, append([]any{""}, example...)),
		set(TemplateHelpSheet, 1, 6, []any{"可填的值"}),
	}
	for i, l := range allowed {
		cell, _ := excelize.CoordinatesToCellName(i+1, 7)
		l = SheetRow(l)
		steps = append(steps, f.SetSheetCol(TemplateHelpSheet, cell, &l))
	}
	if err := errors.Join(steps...); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
