package models_test

import (
	"strings"
	"testing"

	"gorm.io/gorm"

	"sellerhub/models"
	"sellerhub/models/dbtest"
)

// TestPageBoundsAreNumbers: a statement's LIMIT and OFFSET are written as numbers, so that on PostgreSQL its prepared
// plan is priced for the page (models.literalLimit; SQLite's dialector writes them so itself), and the page read
// with them is the right one.
func TestPageBoundsAreNumbers(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		var names []string
		dry := db.Session(&gorm.Session{DryRun: true}).Table("brands").Select("name").Order("name").Limit(5).Offset(10).Find(&names)
		sql, vars := dry.Statement.SQL.String(), dry.Statement.Vars
		if !strings.HasSuffix(sql, "LIMIT 5 OFFSET 10") || len(vars) != 0 {
			t.Fatalf("statement %q with %v", sql, vars)
		}
		// The bounds read the rows they name: the 3rd and 4th of six.
		owner := dbtest.NewCompany(t, db, "有限公司", "13900000001")
		for _, n := range []string{"甲", "乙", "丙", "丁", "戊", "己"} {
			if err := db.Exec("INSERT INTO brands (id, company_id, name, remark, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?)",
				models.NewID(), owner.CompanyID, "测试品牌"+n, db.NowFunc(), db.NowFunc()).Error; err != nil {
				t.Fatal(err)
			}
		}
		var ids []int64
		if err := db.Table("brands").Where("name LIKE ?", "测试品牌%").Order("id").Limit(2).Offset(2).Pluck("id", &ids).Error; err != nil {
			t.Fatal(err)
		}
		var all []int64
		if err := db.Table("brands").Where("name LIKE ?", "测试品牌%").Order("id").Pluck("id", &all).Error; err != nil {
			t.Fatal(err)
		}
		if len(all) != 6 || len(ids) != 2 || ids[0] != all[2] || ids[1] != all[3] {
			t.Fatalf("LIMIT 2 OFFSET 2 read %v of %v", ids, all)
		}
	})
}

// TestPostgresConnectionsCompileNoJIT: the product's PostgreSQL connections run without JIT compilation
// (models.withoutJIT), which cost a capped count seven times its run; a URL that sets jit itself keeps it.
func TestPostgresConnectionsCompileNoJIT(t *testing.T) {
	db := dbtest.Open(t, dbtest.Postgres)
	var jit string
	if err := db.Raw("SHOW jit").Scan(&jit).Error; err != nil || jit != "off" {
		t.Fatalf("jit %q (%v), want off", jit, err)
	}
	own, err := models.Open(db.URL + "&jit=on")
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	if err := own.Raw("SHOW jit").Scan(&jit).Error; err != nil || jit != "on" {
		t.Fatalf("jit %q (%v) with the URL's jit=on", jit, err)
	}
}
