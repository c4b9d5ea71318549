package views

// The personal center's sub-screens, by the section query value.
const (
	SectionSecurity = "security" // 账号安全
	SectionWechat   = "wechat"   // 微信绑定
	SectionUnbind   = "unbind"   // 账号解绑
	SectionLogoff   = "logoff"   // 账号注销
)

// UserCenterPage is 个人中心 showing one sub-screen. After a refusal, Form names the form it concerns and the
// New* fields, Key and Code hold what was typed into it.
type UserCenterPage struct {
	Page
	Section string
	Notice  Notice

	Name, Account, Email, Mobile, Image, Company string
	IsOwner                                      bool
	// Bound is the bind group, on 账号解绑.
	Bound []BoundRow

	Form                        string
	NewName, NewPhone, NewEmail string
	Key, Code                   string
	// PasswordRule is shown under the new password's field of 修改密码.
	PasswordRule string
}

// BoundRow is one account of the bind group on 账号解绑.
type BoundRow struct {
	ID, Account, Name, Company string
	Current                    bool
}

// userCenterNav is the left list of sub-screens.
var userCenterNav = []struct{ Section, Title string }{
	{SectionSecurity, "账号安全"}, {SectionWechat, "微信绑定"}, {SectionUnbind, "账号解绑"}, {SectionLogoff, "账号注销"},
}

func sectionTitle(section string) string {
	for _, n := range userCenterNav {
		if n.Section == section {
			return n.Title
		}
	}
	return ""
}

// written is the value typed into a form's field before a refusal, for that form only.
func (p UserCenterPage) written(form, value string) string {
	if p.Form == form {
		return value
	}
	return ""
}
