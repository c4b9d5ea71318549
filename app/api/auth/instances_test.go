package auth_test

import (
	"fmt"
	"net/http"
	"testing"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

// Two instances on one database spend from one budget: guesses and code requests spread over both are refused at
// the same count as on one, so more instances give an attacker no more tries.
func TestTwoInstancesShareTheSignInAndCodeLimits(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []apptest.Option
	}{
		{"sqlite", nil},
		{"postgres", []apptest.Option{apptest.WithDatabase(dbtest.Postgres)}},
		{"postgres+redis", []apptest.Option{apptest.WithDatabase(dbtest.Postgres), apptest.WithRedisSessions()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := apptest.Start(t, tc.opts...)
			b := apptest.Start(t, append(tc.opts, apptest.SharingDatabaseWith(a))...)
			onA, onB := a.ClientFrom(loopback(2)), b.ClientFrom(loopback(2))
			for i := range 5 {
				c := []*apptest.Client{onA, onB}[i%2]
				apptest.Expect(t, c.Login(apptest.AdminAccount, fmt.Sprintf("Wrong#pass%d", i)), 200, "B0001", "账号或密码有误")
			}
			apptest.Expect(t, onA.Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", tooMany)
			apptest.Expect(t, onB.Login(apptest.AdminAccount, apptest.AdminPassword), 429, "B0001", tooMany)

			const sms = "/admin/api/v1/users/getSmsCode?ftype=register&mobile="
			for i := range 10 {
				c := []*apptest.Client{onA, onB}[i%2]
				apptest.ExpectOK(t, c.Call(http.MethodGet, fmt.Sprintf("%s137000001%02d", sms, i), nil))
			}
			apptest.Expect(t, onB.Call(http.MethodGet, sms+"13700000200", nil), 429, "B0001", "验证码请求过多，请稍后再试")
			apptest.Expect(t, onA.Call(http.MethodGet, sms+"13700000201", nil), 429, "B0001", "验证码请求过多，请稍后再试")
			// With Redis configured the counts are kept there, not in the database.
			var rows int64
			if err := a.DB.Table("rate_counters").Count(&rows).Error; err != nil {
				t.Fatal(err)
			}
			if redis := tc.name == "postgres+redis"; redis != (rows == 0) {
				t.Fatalf("%d rows in rate_counters", rows)
			}
		})
	}
}
