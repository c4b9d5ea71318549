package accounts_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"

	"sellerhub/app/accounts"
	"sellerhub/app/apptest"
)

// mailbox is a local SMTP server that keeps what it receives.
type mailbox struct {
	mu       sync.Mutex
	messages []string
	rcpts    []string
}

func (m *mailbox) NewSession(*smtp.Conn) (smtp.Session, error) { return &mailSession{box: m}, nil }

type mailSession struct{ box *mailbox }

func (s *mailSession) Reset()                               {}
func (s *mailSession) Logout() error                        { return nil }
func (s *mailSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *mailSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.box.mu.Lock()
	defer s.box.mu.Unlock()
	s.box.rcpts = append(s.box.rcpts, to)
	return nil
}
func (s *mailSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	s.box.mu.Lock()
	defer s.box.mu.Unlock()
	s.box.messages = append(s.box.messages, string(b))
	return err
}

func startMailbox(t *testing.T) (*mailbox, string, int) {
	box := &mailbox{}
	srv := smtp.NewServer(box)
	srv.Domain = "localhost"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	addr := ln.Addr().(*net.TCPAddr)
	return box, "127.0.0.1", addr.Port
}

func TestEmailCodeGoesOutBySMTP(t *testing.T) {
	box, host, port := startMailbox(t)
	sender := accounts.SMTPSender{Host: host, Port: port, From: "noreply@sellerhub.local"}
	h := apptest.Start(t, apptest.WithSender(sender))
	env := h.Client().Call(http.MethodGet, "/admin/api/v1/users/getEmailCode?ftype=losepassword&email="+apptest.AdminAccount, nil)
	apptest.ExpectOK(t, env)
	box.mu.Lock()
	defer box.mu.Unlock()
	if len(box.messages) != 1 || box.rcpts[0] != apptest.AdminAccount {
		t.Fatalf("mailbox: %d messages to %v", len(box.messages), box.rcpts)
	}
	msg, err := mail.ReadMessage(strings.NewReader(box.messages[0]))
	if err != nil {
		t.Fatal(err)
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	body, _ := io.ReadAll(msg.Body)
	code := h.Codes.Last(apptest.AdminAccount)
	if subject != "sellerhub 验证码" || !strings.Contains(string(body), "验证码："+code) || !strings.Contains(string(body), "找回密码") {
		t.Fatalf("mail: subject %q body %q (code %s)", subject, body, code)
	}
}

func TestSMTPFailureIsReported(t *testing.T) {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	err := accounts.SMTPSender{Host: "127.0.0.1", Port: port, From: "a@b.cn"}.Send(context.Background(),
		accounts.CodeMessage{Channel: "email", Target: "x@y.cn", Code: "123456", Purpose: accounts.PurposeRegister})
	if err == nil {
		t.Fatal("sending to a closed port must fail")
	}
}

func TestSMSAdapter(t *testing.T) {
	var got map[string]string
	var auth string
	status := http.StatusOK
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		_ = json.NewDecoder(r.Body).Decode(&got)
		w.WriteHeader(status)
	}))
	defer provider.Close()
	s := accounts.SMSSender{URL: provider.URL, Token: "t0k", Client: provider.Client()}
	m := accounts.CodeMessage{Channel: "sms", Target: "13800000000", Code: "654321", Purpose: accounts.PurposeRegister}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if got["mobile"] != "13800000000" || got["code"] != "654321" || !strings.Contains(got["content"], "注册账号") || auth != "Bearer t0k" {
		t.Fatalf("provider got %v with %q", got, auth)
	}
	status = http.StatusBadGateway
	if err := s.Send(context.Background(), m); err == nil {
		t.Fatal("a 502 from the provider must be an error")
	}
}

func TestLogSenderWritesTheCode(t *testing.T) {
	var buf strings.Builder
	s := accounts.LogSender{Log: slog.New(slog.NewJSONHandler(&buf, nil))}
	if err := s.Send(context.Background(), accounts.CodeMessage{Channel: "sms", Target: "13600000001", Code: "112233", Purpose: "register"}); err != nil {
		t.Fatal(err)
	}
	var line map[string]string
	if err := json.Unmarshal([]byte(buf.String()), &line); err != nil || line["msg"] != "【验证码】112233 → 13600000001（注册账号）" ||
		line["code"] != "112233" || line["target"] != "13600000001" || line["channel"] != "sms" {
		t.Fatalf("log line %q: %v", buf.String(), err)
	}
}
