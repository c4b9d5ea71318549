package accounts

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/smtp"
	"strconv"
	"strings"
	"time"
)

// CodeMessage is one verification code on its way to a phone or a mailbox.
type CodeMessage struct {
	Channel string // "sms" or "email"
	Target  string // the phone number or e-mail address
	Code    string
	Purpose string // register, losepassword, changephone or changeemail
}

// CodeSender delivers verification codes. The log sender is the default; SMTP carries e-mail and an SMS
// provider adapter carries text messages when configured.
type CodeSender interface {
	Send(ctx context.Context, m CodeMessage) error
}

// purposeText names a code's purpose in the message the user receives.
var purposeText = map[string]string{
	PurposeRegister:     "注册账号",
	PurposeLosePassword: "找回密码",
	PurposeChangePhone:  "更换手机号",
	PurposeChangeEmail:  "更换邮箱",
}

func codeText(m CodeMessage) string {
	return fmt.Sprintf("【sellerhub】您正在%s，验证码：%s，10分钟内有效。如非本人操作请忽略。", purposeText[m.Purpose], m.Code)
}

// LogSender writes codes to the server log, for development and for a deployment with no provider yet.
type LogSender struct{ Log *slog.Logger }

// CodeLogPrefix starts the message of a code's log line, ahead of the code and its target: the line is found at
// a glance (or by grep 验证码) among the others.
const CodeLogPrefix = "【验证码】"

// Send logs the code, in the message and as fields.
func (s LogSender) Send(_ context.Context, m CodeMessage) error {
	s.Log.Info(fmt.Sprintf("%s%s → %s（%s）", CodeLogPrefix, m.Code, m.Target, purposeText[m.Purpose]),
		"channel", m.Channel, "target", m.Target, "purpose", m.Purpose, "code", m.Code)
	return nil
}

// SMTPSender mails codes through an SMTP server, with STARTTLS when the server offers it.
type SMTPSender struct {
	Host, User, Password, From string
	Port                       int
}

// Send mails the code.
func (s SMTPSender) Send(ctx context.Context, m CodeMessage) error {
	var msg bytes.Buffer
	fmt.Fprintf(&msg, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n%s\r\n",
		s.From, m.Target, mime.BEncoding.Encode("UTF-8", "sellerhub 验证码"),
		time.Now().Format(time.RFC1123Z), codeText(m))
	var auth smtp.Auth
	if s.User != "" {
		auth = smtp.PlainAuth("", s.User, s.Password, s.Host)
	}
	addr := net.JoinHostPort(s.Host, strconv.Itoa(s.Port))
	done := make(chan error, 1)
	go func() { done <- smtp.SendMail(addr, auth, s.From, []string{m.Target}, msg.Bytes()) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// SMSSender posts codes to an SMS provider adapter: a small HTTP service in front of whichever SMS vendor the
// company uses, taking {"mobile","content","code","purpose"} and answering 2xx when the message is accepted.
type SMSSender struct {
	URL, Token string
	Client     *http.Client
}

// Send posts the code.
func (s SMSSender) Send(ctx context.Context, m CodeMessage) error {
	body, _ := json.Marshal(map[string]string{"mobile": m.Target, "content": codeText(m), "code": m.Code, "purpose": m.Purpose})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if s.Token != "" {
		req.Header.Set("Authorization", "Bearer "+s.Token)
	}
	resp, err := s.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("sms provider answered %s", resp.Status)
	}
	return nil
}

// ChannelSenders routes a code to the sender for its channel.
type ChannelSenders struct{ SMS, Email CodeSender }

// Send delivers through the channel's sender.
func (c ChannelSenders) Send(ctx context.Context, m CodeMessage) error {
	if strings.EqualFold(m.Channel, "email") {
		return c.Email.Send(ctx, m)
	}
	return c.SMS.Send(ctx, m)
}
