// Package views holds the templ templates of every server-rendered page and the plain data they render.
// Templates never query: handlers fill these structs from the service's answers, and views imports nothing
// under app/ (imports_test.go holds it).
package views

// Page is what every full document needs: its title, the hashed asset paths, the form token and the footer.
type Page struct {
	Title string
	// CSS and Scripts are the hashed asset URLs the page loads.
	CSS     string
	Scripts []string
	// Theme is theme.js's URL, run in <head> of the pages outside the shell so that they paint in the saved theme.
	Theme string
	// CSRF is the token forms carry in the _csrf field.
	CSRF string
	// FilingNumber is the ICP 备案号 shown in the sign-in pages' footer.
	FilingNumber string
}

// Notice is a message shown above a form: an error or a confirmation.
type Notice struct {
	Text  string
	Error bool
	// Lines, when there is more than one, are shown as a list in place of Text (which is their first).
	Lines []string
}

// LoginPage is /login.
type LoginPage struct {
	Page
	Account  string
	Redirect string
	Notice   Notice
}

// RegisterPage is /register. Passwords are never written back into the form; PasswordRule is shown under the
// password field.
type RegisterPage struct {
	Page
	Account, Key, Code, Name, Email, Company string
	Notice                                   Notice
	PasswordRule                             string
}

// Reset steps.
const (
	ResetVerify = 0 // 验证身份
	ResetSet    = 1 // 重置密码
	ResetDone   = 2 // 完成
)

// ResetPage is /resetPassword in one of its three steps.
type ResetPage struct {
	Page
	Action             string // the form's address: /resetPassword or /usercenter/resetPassword
	Step               int
	Account, Key, Code string
	Notice             Notice
	// PasswordRule is shown under the new password's field.
	PasswordRule string
}

// SSOLoginPage is /ssologin: it shows 登录信息检查... and moves on to Target.
type SSOLoginPage struct {
	Page
	Target string
}

// HomePage is the dashboard, the first tab of the shell.
type HomePage struct {
	Page
	UserName, Company, Account string
	// Shortcuts are the first links of the user's menu groups.
	Shortcuts []MenuLink
	// Permissions are the user's button permissions.
	Permissions []string
	// Announcements are the latest company announcements.
	Announcements []Announcement
	// Sales is the sales dashboard, nil for a user who may not open 销售报表.
	Sales *SalesDashboard
	// Guide is 新手引导, nil when it cannot be read.
	Guide *Guide
}

// Announcement is one line of the dashboard's 系统公告.
type Announcement struct {
	Tag, Title, Date string
	Urgent           bool
}

// NotifyPublishPage is /sys/notify/publish, the company admins' form for an announcement. The fields are
// written back when the service refuses them.
type NotifyPublishPage struct {
	Page
	AnnounceTitle, Content string
	Urgent                 bool
	Notice                 Notice
}

// DictAdminPage is the 数据字典 screen.
type DictAdminPage struct {
	Page
	Props AdminProps
}

// AdminProps boot an admin screen's island: the user's button permissions decide which actions it shows. The
// screens that set passwords (子账号) show PasswordRule under the password fields.
type AdminProps struct {
	Permissions  []string `json:"permissions"`
	PasswordRule string   `json:"passwordRule,omitempty"`
}
