// Package core is what every business domain shares: who a request acts for (Principal), refusals and the
// spec's messages, paging and form checks, cached list totals, the login limiter, the compiled-menu cache and
// uploaded pictures. Like the domains, it knows nothing of echo or templ. A refusal is an *Error whose Kind says
// how the caller (a page or the JSON API) should answer.
package core

import (
	"fmt"

	"sellerhub/models"
)

// Kind classifies a refusal so that the API can choose its HTTP status and envelope code, and a page its message.
type Kind int

// The kinds of refusal, with the answer the API gives to each (see api-contract.md).
const (
	KindInvalid   Kind = iota + 1 // 400 A0400: the input is wrong
	KindRefused                   // 400 B0001: a business rule says no
	KindFailed                    // 200 B0001: a handled failure, such as a wrong password
	KindNoSession                 // 403 A0231: no session, or it has ended
	KindForbidden                 // 401 A0301: the session may not do this
	KindLimited                   // 429 B0001: too many attempts
	KindNotFound                  // 404 A0404: nothing there
	KindUnvouched                 // 403 A0301: a browser's call that nothing shows came from the product's pages
)

// Error is a refusal with the message shown to the user.
type Error struct {
	Kind Kind
	Msg  string
	// Problems are an import's wrong cells, every one of them, answered as the refusal's data.
	Problems []Problem
}

func (e *Error) Error() string { return e.Msg }

// Invalid reports wrong input.
func Invalid(msg string) *Error { return &Error{Kind: KindInvalid, Msg: msg} }

// Refused reports a business rule that says no.
func Refused(msg string) *Error { return &Error{Kind: KindRefused, Msg: msg} }

// Failed reports a handled failure.
func Failed(msg string) *Error { return &Error{Kind: KindFailed, Msg: msg} }

// Limited reports too many attempts.
func Limited(msg string) *Error { return &Error{Kind: KindLimited, Msg: msg} }

// ErrNoSession is the refusal for calls made without a live session.
var ErrNoSession = &Error{Kind: KindNoSession, Msg: "token已被禁止访问"}

// ErrSignedInElsewhere is the refusal for calls made with a session that ended because its account signed in
// from another browser: the user should learn why, not just that.
var ErrSignedInElsewhere = &Error{Kind: KindNoSession, Msg: MsgSignedInElsewhere}

// ErrForbidden is the refusal for calls the session's user may not make.
var ErrForbidden = &Error{Kind: KindForbidden, Msg: "访问未授权"}

// ErrUnvouched is the refusal for a cookie-authenticated call that must come from the product's own pages and
// whose browser does not say so.
var ErrUnvouched = &Error{Kind: KindUnvouched, Msg: "请求来源未确认，请在系统页面内操作"}

// NotFound reports that the thing asked for does not exist (or belongs to another company).
func NotFound(what string) *Error {
	return &Error{Kind: KindNotFound, Msg: fmt.Sprintf("%s不存在", what)}
}

// Messages the spec fixes word for word.
const (
	MsgBadCredentials     = "账号或密码有误"
	MsgSignedInElsewhere  = "账号已在其他地方登录"
	MsgAccountDisabled    = "账号已停用"
	MsgAccountExpired     = "账号已过期"
	MsgTooManyLogins      = "登录尝试过多，请15分钟后再试"
	MsgPasswordRule       = "密码为数字，小写字母，大写字母，特殊符号 至少包含三种，长度为 8 - 30位"
	MsgRepasswordEmpty    = "请再次输入密码"
	MsgPasswordMismatch   = "两次输入密码不一致!"
	MsgPhoneEmpty         = "手机不能为空"
	MsgEmailEmpty         = "邮箱不能为空"
	MsgNameEmpty          = "用户名不能为空"
	MsgCompanyEmpty       = "公司名称不能为空"
	MsgPasswordsBad       = "密码不能为空或者两次输入不一致"
	MsgCodeEmpty          = "验证码不能为空"
	MsgMobileEmpty        = "手机号码不能为空"
	MsgAccountEmpty       = "手机号码或者邮箱不能为空"
	MsgEmailBad           = "请输入正确的邮箱号！"
	MsgPhoneBad           = "请输入正确的手机号码！"
	MsgCodeInvalid        = "验证码失效或输入不正确"
	MsgAccountTaken       = "账号已存在，请重新注册！"
	MsgCodeTooSoon        = "验证码发送过于频繁，请60秒后再试"
	MsgTooManyCodes       = "验证码请求过多，请稍后再试"
	MsgOldPasswordWrong   = "原密码错误"
	MsgPasswordWrong      = "密码错误"
	MsgCodeSendFailed     = "验证码发送失败，请稍后再试"
	MsgFtypeBad           = "验证码类型不正确"
	MsgNameTooLong        = "用户名不能超过50个字符"
	MsgCompanyTooLong     = "公司名称不能超过100个字符"
	MsgOldPasswordEmpty   = "原密码不能为空"
	MsgNewPasswordSameOld = "新密码不能与原密码相同"
	MsgRecipientBad       = "接收人不存在"
	MsgNotBound           = "账号未绑定"
	MsgBindSelf           = "不能绑定当前登录的账号"
	MsgPasswordEmpty      = "密码不能为空"
	MsgAccountInUse       = "账号已存在"
	MsgSamePhone          = "新手机号码与当前账号相同"
	MsgSameEmail          = "新邮箱与当前邮箱相同"
	MsgImageEmpty         = "请选择图片"
	MsgImageType          = "图片格式不正确"
	MsgImageTooBig        = "图片不能超过2MB"
	MsgUnbindSelf         = "不能解绑当前登录的账号"
	MsgVerifyPasswordNow  = "请先验证密码"
	MsgOwnerHasUsers      = "请先移交或停用其他子账号"
	// MsgMarketplaceEmpty asks for the marketplace a listing, a store or a shipment plan is of.
	MsgMarketplaceEmpty = "请选择站点"
	// MsgDateBad answers a list filter's date that is not yyyy-MM-dd.
	MsgDateBad = "日期格式不正确，应为yyyy-MM-dd"
	// MsgTooManyCodeTries answers a password set by code from an account and address that guessed codes too often.
	MsgTooManyCodeTries = "验证码尝试过多，请15分钟后再试"
	// MsgReportTooLarge refuses a report file past amazon.MaxReportBytes or MaxReportLines (a gzip bomb).
	MsgReportTooLarge = "报告文件解压后超过4GB或1000万行（空行也计入），请按日期分成几个文件上传"
	// MsgFileIncomplete refuses a file cut off before its end (a .gz whose download or copy stopped part way).
	MsgFileIncomplete = "文件不完整，请重新下载完整的报告文件后再上传"
	// MsgReportEncoding refuses a report file whose text is not in an encoding Amazon writes reports in.
	MsgReportEncoding = "文件编码无法识别：报告文件须为 UTF-8 或 Windows-31J（Shift_JIS）编码，请上传从亚马逊卖家平台下载的原始文件，或另存为 UTF-8 后再上传"
)

// NotFoundAs turns a lookup's ErrNotFound into the 404 refusal for what.
func NotFoundAs(err error, what string) error {
	if models.IsNotFound(err) {
		return NotFound(what)
	}
	return err
}

// DuplicateEntry starts the answer to a unique-key violation: the clients show 数据重复冲突，请勿频繁保存… for a
// message containing "Duplicate entry" (api-contract.md).
const DuplicateEntry = "Duplicate entry："

// DuplicateAs answers a unique-key violation with DuplicateEntry and taken, the refusal of the name or number
// the index keeps unique. Every save checks its name inside its transaction first and refuses it with taken
// alone, so the violation is a true race (another save of the same name committed between the check and the
// insert): the person sees the generic 数据重复冲突 notice, and the message still says which name it was.
func DuplicateAs(err error, taken string) error {
	if models.IsDuplicate(err) {
		return Refused(DuplicateEntry + taken)
	}
	return err
}

// MsgQueryTimeout answers a request whose database statement ran past SELLERHUB_QUERY_TIMEOUT: the
// specification's text for a timeout, which its clients also show for the old "milliseconds ago" message.
const MsgQueryTimeout = "查询数据超时，请缩小查询范围或稍后重试"
