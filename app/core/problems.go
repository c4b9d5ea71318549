package core

import (
	"fmt"
	"strings"
)

// Problem is one thing wrong in one cell of an imported sheet: the row as the spreadsheet numbers it, the
// column's title, the value found there and why it is refused. An import answers every problem of every row at
// once, so a seller fixes the file in one go rather than one error per upload.
type Problem struct {
	Row    int    `json:"row"`
	Column string `json:"column"`
	Value  string `json:"value"`
	Why    string `json:"why"`
}

// FieldProblem is one field of a form that is wrong: the field's label (a sheet's column title) and why. A form
// shows the first; an import names every one, with its row and value (Problems).
type FieldProblem struct{ Column, Why string }

// FirstInvalid is the form's refusal: the first problem, or nil when there is none.
func FirstInvalid(problems []FieldProblem) error {
	if len(problems) == 0 {
		return nil
	}
	return Invalid(problems[0].Why)
}

// Problems gathers an import's problems in the order they are found.
type Problems []Problem

// Add notes one problem.
func (ps *Problems) Add(row int, column, value, why string) {
	*ps = append(*ps, Problem{Row: row, Column: column, Value: value, Why: why})
}

// Rows counts the rows that have a problem.
func (ps Problems) Rows() int {
	seen := map[int]bool{}
	for _, p := range ps {
		seen[p.Row] = true
	}
	return len(seen)
}

// problemsInMessage bounds the problems the refusal's message spells out; the answer's data carries them all.
const problemsInMessage = 20

// Refusal is the import's answer: wrong input whose message says how many rows are wrong and lists the first
// problems (第3行 单价(元)“abc”：单价(元)必须是数字; 第5行 品牌：品牌“Sony”不存在), and whose Problems carry every one for the screen's table.
func (ps Problems) Refusal(lead string) *Error {
	parts := make([]string, 0, min(len(ps), problemsInMessage))
	for _, p := range ps[:min(len(ps), problemsInMessage)] {
		cell := p.Column
		// The value is quoted once: not again when the reason already names it (品牌“Sony”不存在).
		if p.Value != "" && !strings.Contains(p.Why, p.Value) {
			cell += "“" + p.Value + "”"
		}
		parts = append(parts, fmt.Sprintf("第%d行 %s：%s", p.Row, cell, p.Why))
	}
	msg := fmt.Sprintf(lead, ps.Rows(), len(ps)) + strings.Join(parts, "；")
	if len(ps) > problemsInMessage {
		msg += fmt.Sprintf("；等共%d处", len(ps))
	}
	return &Error{Kind: KindInvalid, Msg: msg, Problems: ps}
}
