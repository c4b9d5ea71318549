package app_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"sellerhub/app/apptest"
)

// rssMB reads a process's resident memory from /proc: the figure an operator's monitor shows.
func rssMB(pid int, field string) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

// TestLoadReportMemory prints, for `make bench`, the product's resident memory idle and at 200 concurrent
// clients (goal: under 150 MB), measured on the real binary (SELLERHUB_BIN, which `make bench` builds and
// passes) so that the load's own clients are not counted. It measures and never fails on a slow machine.
func TestLoadReportMemory(t *testing.T) {
	if os.Getenv("SELLERHUB_BENCH") == "" {
		t.Skip("set SELLERHUB_BENCH=1 (make bench) to print the load report")
	}
	bin := os.Getenv("SELLERHUB_BIN")
	if bin == "" {
		t.Skip("set SELLERHUB_BIN to the built binary (make bench does) to measure its memory")
	}
	dir := t.TempDir()
	cmd := exec.Command(bin, "serve")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SELLERHUB_ADDR=127.0.0.1:0", "SELLERHUB_DATABASE_URL=sqlite://"+filepath.Join(dir, "db.sqlite"),
		"SELLERHUB_ADMIN_PASSWORD="+apptest.AdminPassword, "SELLERHUB_LOG_FORMAT=json", "SELLERHUB_WORKERS=false")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	// The server binds a port the system picks and prints its address on the start line.
	started := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if url, ok := strings.CutPrefix(sc.Text(), "sellerhub 已启动: "); ok {
				select {
				case started <- strings.TrimSuffix(url, "/"):
				default:
				}
			}
		}
	}()
	var base string
	select {
	case base = <-started:
	case <-time.After(60 * time.Second):
		t.Fatal("the binary did not start")
	}
	const clients = 200
	client := apptest.WireClient(clients)
	body, _ := json.Marshal(map[string]string{"account": apptest.AdminAccount, "password": apptest.AdminPassword})
	resp, err := client.Post(base+"/admin/api/v1/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var env struct {
		Data struct {
			Session string `json:"session"`
		}
	}
	_ = json.NewDecoder(resp.Body).Decode(&env)
	resp.Body.Close()
	pid := cmd.Process.Pid
	idle := rssMB(pid, "VmRSS")
	fmt.Printf("== memory of the binary (SQLite, demo data), idle after start: RSS %.1f MB\n", idle)
	benchFigure(t, "RSS of the binary, idle after start", fmt.Sprintf("%.1f MB", idle), "", false)

	var peak atomic.Int64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if kb := int64(rssMB(pid, "VmRSS") * 1024); kb > peak.Load() {
				peak.Store(kb)
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	for _, c := range []struct{ name, path string }{
		{"GET /login", "/login"},
		{"GET menus/route", "/admin/api/v1/menus/route"},
		{"GET dict-items/page", "/admin/api/v1/dict-items/page?dictCode=currency&page=1&limit=20"},
	} {
		r := apptest.Load(clients, 20000, 60*time.Second, signedInGet(client, base+c.path, env.Data.Session))
		fmt.Printf("   %-22s at %d clients: %s\n", c.name, clients, r)
		benchLatency(t, fmt.Sprintf("%s, binary, %d clients", c.name, clients), r, 0)
	}
	close(stop)
	<-sampled
	mb := float64(peak.Load()) / 1024
	fmt.Printf("   peak RSS at %d clients %.1f MB (goal: under 150 MB)  [%s]\n", clients, mb, goalMark(mb < 150))
	benchFigure(t, fmt.Sprintf("peak RSS of the binary at %d clients", clients), fmt.Sprintf("%.1f MB", mb), "< 150 MB", mb < 150)
}
