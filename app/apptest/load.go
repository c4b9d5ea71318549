package apptest

import (
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"sync"
	"time"
)

// LoadResult is what a load run measured.
type LoadResult struct {
	Requests  int
	Errors    int
	Elapsed   time.Duration
	P50, P99  time.Duration
	PerSecond float64
}

func (r LoadResult) String() string {
	return fmt.Sprintf("%d requests, %d errors, %.0f req/s, p50 %.2f ms, p99 %.2f ms", r.Requests, r.Errors,
		r.PerSecond, float64(r.P50.Microseconds())/1000, float64(r.P99.Microseconds())/1000)
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
	slices.Sort(latencies)
	r := LoadResult{Requests: len(latencies), Errors: errors, Elapsed: elapsed}
	if len(latencies) > 0 {
		r.P50 = latencies[len(latencies)*50/100]
		r.P99 = latencies[min(len(latencies)-1, len(latencies)*99/100)]
		r.PerSecond = float64(len(latencies)) / elapsed.Seconds()
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

var linkedAsset = regexp.MustCompile(`(?:<link[^>]+rel="stylesheet"[^>]+href|<script[^>]+src)="(/[^"]+)"`)

// PageWeight loads a page the way a browser does on a first visit (gzip accepted, no cache) together with the
// stylesheets and scripts it links, and counts the bytes of each response. cookie is sent when not empty.
func PageWeight(client *http.Client, base, path, cookie string) (Weight, error) {
	var w Weight
	fetch := func(p string) ([]byte, error) {
		req, _ := http.NewRequest(http.MethodGet, base+p, nil)
		req.Header.Set("Accept-Encoding", "gzip")
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
		return body, nil
	}
	page, err := fetch(path)
	if err != nil {
		return w, err
	}
	if len(page) > 2 && page[0] == 0x1f && page[1] == 0x8b {
		page, err = gunzip(page)
		if err != nil {
			return w, err
		}
	}
	for _, m := range linkedAsset.FindAllSubmatch(page, -1) {
		if _, err := fetch(string(m[1])); err != nil {
			return w, err
		}
	}
	return w, nil
}
