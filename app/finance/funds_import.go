package finance

import (
	"bytes"
	"context"
	"strings"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/core"
	"sellerhub/models"
	financedb "sellerhub/models/finance"
)

// Messages of the movements' import.
const (
	MsgFundImportFileBad  = "文件格式不正确，请使用资金流水导入模板（.xlsx）"
	MsgFundImportTooMany  = "一次最多导入5000行流水"
	MsgFundImportEmpty    = "文件中没有流水，请在第一个工作表填写"
	msgFundImportFailed   = "导入失败，没有导入任何流水"
	msgFundImportAccount  = "资金账户“%s”不存在"
	msgFundImportBothSide = "收入和支出只能填一个"
	fundImportRows        = 5000
)

// The import's columns.
const (
	fundColAccount  = "账户名称"
	fundColDate     = "日期"
	fundColIn       = "收入"
	fundColOut      = "支出"
	fundColCategory = "类型"
	fundColParty    = "对方"
	fundColRemark   = "备注"
)

var fundTitles = []string{fundColAccount + "*", fundColDate + "*", fundColIn, fundColOut, fundColCategory, fundColParty, fundColRemark}

const fundTemplateHelp = "在第一个工作表填写资金流水，每行一笔；带 * 的列必填。账户名称为资金账户中已有的名称；日期为yyyy-MM-dd；" +
	"收入和支出填一个（大于0，最多2位小数，账户的币种）；类型不填为“其他”。任何一行有误时整个文件都不导入。下面是一行示例（不会被导入）。"

// MovementTemplate is the movements' import template.
func (f *Funds) MovementTemplate(context.Context, core.Principal) (*excelize.File, error) {
	categories := []any{fundColCategory}
	for _, c := range FundCategories {
		categories = append(categories, c.Name)
	}
	return core.ImportTemplate(fundTitles, fundTemplateHelp, []any{"招商银行美元户", "2026-11-05", "1200.50", "", "亚马逊回款", "Amazon", "10月回款"},
		[][]any{categories})
}

// FundImportResult is what an import added: its movements.
type FundImportResult struct {
	Count int `json:"count"`
}

// ImportMovements adds the movements of a sheet, every row or, when any is wrong, none, each wrong cell named.
func (f *Funds) ImportMovements(ctx context.Context, p core.Principal, data []byte) (FundImportResult, error) {
	rows, err := core.SheetRows(bytes.NewReader(data), fundImportRows, MsgFundImportFileBad, MsgFundImportTooMany)
	if err != nil {
		return FundImportResult{}, err
	}
	if len(rows) == 0 {
		return FundImportResult{}, core.Invalid(MsgFundImportFileBad)
	}
	col := map[string]int{}
	for i, title := range rows[0] {
		col[strings.TrimSuffix(strings.TrimSpace(title), "*")] = i
	}
	for _, t := range []string{fundColAccount, fundColDate, fundColIn, fundColOut} {
		if _, ok := col[t]; !ok {
			return FundImportResult{}, core.Invalid(MsgFundImportFileBad)
		}
	}
	cell := func(cells []string, title string) string {
		if i, ok := col[title]; ok && i < len(cells) {
			return strings.TrimSpace(cells[i])
		}
		return ""
	}
	accounts, err := financedb.FundAccounts(f.db.With(ctx), p.CompanyID)
	if err != nil {
		return FundImportResult{}, err
	}
	byName := map[string]*financedb.FundAccount{}
	for i := range accounts {
		byName[accounts[i].Name] = &accounts[i].FundAccount
	}
	var problems core.Problems
	var movements []*financedb.FundMovement
	for n, cells := range rows[1:] {
		if strings.TrimSpace(strings.Join(cells, "")) == "" {
			continue
		}
		line := n + 2
		name := cell(cells, fundColAccount)
		a, ok := byName[name]
		if !ok {
			if name == "" {
				problems.Add(line, fundColAccount, "", "请填写账户名称")
			} else {
				problems.Add(line, fundColAccount, name, strings.Replace(msgFundImportAccount, "%s", name, 1))
			}
			continue
		}
		form := FundMovementForm{Date: cell(cells, fundColDate), Category: cell(cells, fundColCategory),
			Counterparty: cell(cells, fundColParty), Remark: cell(cells, fundColRemark)}
		in, out := cell(cells, fundColIn), cell(cells, fundColOut)
		switch {
		case in != "" && out != "":
			problems.Add(line, fundColOut, out, msgFundImportBothSide)
			continue
		case out != "":
			form.Direction, form.Amount = "out", out
		default:
			form.Direction, form.Amount = "in", in
		}
		m, bad := f.movement(a, form, p.UserID)
		for _, b := range bad {
			column, value := b.field, ""
			switch b.field {
			case "金额":
				column, value = fundColIn, in
				if form.Direction == "out" {
					column, value = fundColOut, out
				}
			case "日期":
				value = form.Date
			case "类型":
				value = form.Category
			}
			problems.Add(line, column, value, b.msg)
		}
		movements = append(movements, m)
	}
	if len(problems) > 0 {
		return FundImportResult{}, problems.Refusal(msgFundImportFailed)
	}
	if len(movements) == 0 {
		return FundImportResult{}, core.Invalid(MsgFundImportEmpty)
	}
	err = f.db.Tx(ctx, func(tx *models.DB) error {
		return tx.CreateInBatches(movements, 500).Error
	})
	return FundImportResult{Count: len(movements)}, err
}
