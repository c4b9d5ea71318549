package apptest

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// LoadResult is what a load run measured.
type LoadResult struct {
	Requests  int
	Errors    int
	Elapsed   time.Duration
	P50, P99  time.Duration
	PerSecond float64
	// CPUPerRequest is the CPU time this process spent per request (user and system), the load's own clients
	// included, and the server's when it runs in the process (apptest.Start): unlike latency on a machine shared
	// with other work, it moves only when the work per request does.
	CPUPerRequest time.Duration
	// Steal is the CPU time the virtual machine's host took from it during the run (steal in /proc/stat, all CPUs):
	// while it does, nothing on the machine runs, and the requests in flight wait. A run of a second at 50 clients
	// has its p99 set by one such pause of 30 ms (seen with a process at the highest priority that sleeps 1 ms in
	// a loop: it overslept 30 ms in the seconds vmstat showed 4-9% steal, and so did the requests measured then).
	Steal time.Duration
}

func (r LoadResult) String() string {
	return fmt.Sprintf("%d requests, %d errors, %.0f req/s, p50 %.2f ms, p99 %.2f ms, cpu %d µs/req%s", r.Requests, r.Errors,
		r.PerSecond, float64(r.P50.Microseconds())/1000, float64(r.P99.Microseconds())/1000, r.CPUPerRequest.Microseconds(),
		r.StealNote())
}

// StealNote is ", host took N ms" when the host took CPU time from the machine during the run, else "".
func (r LoadResult) StealNote() string {
	if r.Steal <= 0 {
		return ""
	}
	return fmt.Sprintf(", host took %d ms", r.Steal.Milliseconds())
}

// machineSteal is the CPU time the host has taken from this virtual machine since it booted (0 where /proc/stat
// cannot be read).
func machineSteal() time.Duration {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0
	}
	return stealOf(string(b))
}

// stealOf reads the steal time of /proc/stat's text: the eighth number of its first (cpu) line, in the kernel's
// clock ticks, 100 a second on Linux; 0 when the line is not there.
func stealOf(stat string) time.Duration {
	line, _, _ := strings.Cut(stat, "\n")
	fields := strings.Fields(line)
	if len(fields) < 9 || fields[0] != "cpu" {
		return 0
	}
	ticks, err := strconv.ParseInt(fields[8], 10, 64)
	if err != nil {
		return 0
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}

// processCPU is the CPU time this process has used so far.
func processCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// Load sends n requests from `clients` concurrent workers, each calling do once per request, and reports
// throughput and latency percentiles. do returns false for a failed request. The run is bounded by n and by
// limit, whichever comes first.
func Load(clients, n int, limit time.Duration, do func() bool) LoadResult {
	var (
		mu        sync.Mutex
		latencies = make([]time.Duration, 0, n)
		errors    int
		next      = make(chan struct{}, n)
		wg        sync.WaitGroup
	)
	for range n {
		next <- struct{}{}
	}
	close(next)
	deadline := time.Now().Add(limit)
	cpu, steal := processCPU(), machineSteal()
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range next {
				if time.Now().After(deadline) {
					return
				}
				t0 := time.Now()
				ok := do()
				d := time.Since(t0)
				mu.Lock()
				latencies = append(latencies, d)
				if !ok {
					errors++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu = processCPU() - cpu
	slices.Sort(latencies)
	r := LoadResult{Requests: len(latencies), Errors: errors, Elapsed: elapsed, Steal: machineSteal() - steal}
	if len(latencies) > 0 {
		r.P50 = latencies[len(latencies)*50/100]
		r.P99 = latencies[min(len(latencies)-1, len(latencies)*99/100)]
		r.PerSecond = float64(len(latencies)) / elapsed.Seconds()
		r.CPUPerRequest = cpu / time.Duration(len(latencies))
	}
	return r
}

// WireClient is an HTTP client for measuring: it asks for gzip itself so that bodies are counted as sent.
func WireClient(clients int) *http.Client {
	return &http.Client{Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}}
}

// Weight is what a page costs a browser loading it the first time.
type Weight struct {
	Resources []Resource
}

// Resource is one response: its URL, its body bytes as sent (compressed) and its header bytes.
type Resource struct {
	URL           string
	Body, Headers int
}

// Total is the bytes of all bodies and headers.
func (w Weight) Total() int {
	n := 0
	for _, r := range w.Resources {
		n += r.Body + r.Headers
	}
	return n
}

var (
	// linkedAsset finds what a document loads at once: stylesheets, scripts and frames.
	linkedAsset = regexp.MustCompile(`(?:<link[^>]+rel="stylesheet"[^>]+href|<script[^>]+src|<iframe[^>]+src)="(/[^"]+)"`)
	// staticImport finds the chunks an ES module imports at load; import("...") is loaded later, on use.
	staticImport = regexp.MustCompile(`(?:from|import)"\./([^"]+\.js)"`)
)

// PageWeight loads a page the way a browser does on a first visit (gzip accepted, no cache): the document, the
// stylesheets, scripts and frames it links, the frames' own assets and the chunks the scripts import at load.
// Each URL is fetched once, as a browser's cache would. cookie is sent when not empty; skip lists URLs already
// in the browser's cache.
func PageWeight(client *http.Client, base, path, cookie string, skip ...string) (Weight, error) {
	var w Weight
	seen := map[string]bool{}
	for _, s := range skip {
		seen[s] = true
	}
	var load func(p string) error
	load = func(p string) error {
		if seen[p] {
			return nil
		}
		seen[p] = true
		body, err := fetchCounted(client, base, p, cookie, &w)
		if err != nil {
			return err
		}
		switch {
		case strings.HasSuffix(strings.SplitN(p, "?", 2)[0], ".js"):
			dir := p[:strings.LastIndex(p, "/")+1]
			for _, m := range staticImport.FindAllSubmatch(body, -1) {
				if err := load(dir + string(m[1])); err != nil {
					return err
				}
			}
		case !strings.HasSuffix(p, ".css"):
			for _, m := range linkedAsset.FindAllSubmatch(body, -1) {
				if err := load(html.UnescapeString(string(m[1]))); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return w, load(path)
}

// BrowserEncodings is the Accept-Encoding a browser (Chromium) sends.
const BrowserEncodings = "gzip, deflate, br, zstd"

// Fetch loads one URL as PageWeight does, adding it to w.
func Fetch(client *http.Client, base, path, cookie string, w *Weight) error {
	_, err := fetchCounted(client, base, path, cookie, w)
	return err
}

func fetchCounted(client *http.Client, base, p, cookie string, w *Weight) ([]byte, error) {
	req, _ := http.NewRequest(http.MethodGet, base+p, nil)
	// What Chromium accepts: the weight is what a browser is sent.
	req.Header.Set("Accept-Encoding", BrowserEncodings)
	// What a browser says of the requests of the product's own page; the GETs that write need it with the cookie.
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", p, resp.Status)
	}
	headers := len(resp.Proto) + len(resp.Status) + 4
	for k, vs := range resp.Header {
		for _, v := range vs {
			headers += len(k) + len(v) + 4
		}
	}
	w.Resources = append(w.Resources, Resource{URL: p, Body: len(body), Headers: headers})
	return decode(resp.Header.Get("Content-Encoding"), body)
}
