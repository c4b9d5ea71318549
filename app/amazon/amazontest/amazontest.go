// Package amazontest is a local stand-in for Amazon in tests: the Seller Central consent page, the Login with
// Amazon token endpoint and the Selling Partner API's Sellers, Reports and Catalog Items operations, speaking
// Amazon's documented request and answer formats (error bodies included). Mux is exported so other files can add more of Amazon (the
// Advertising API, the Fulfillment Inbound API's shipments). Switches make the token endpoint and the Reports API fail in the ways Amazon does, and every
// request is recorded.
package amazontest

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/config"
)

// The stand-in's application credentials. ClientSecret is what tests look for in logs and answers.
const (
	AppID        = "amzn1.sp.solution.sellerhub-test"
	ClientID     = "amzn1.application-oa2-client.sellerhubtest"
	ClientSecret = "amzn1.oa2-cs.v1.standin-client-secret-7f3a9c"
	// SecretKey is a fixed SELLERHUB_SECRET_KEY for processes started against the stand-in.
	SecretKey = "sellerhub-test-secret-key-0123456789abcdef"
)

// Server is the stand-in. Its zero value is not usable: make it with New or Start.
type Server struct {
	// Mux answers every path; add handlers to it before the first request.
	Mux *http.ServeMux
	// URL is where the stand-in listens (set by Start, or by whoever serves it).
	URL string
	// AccessTokenLifetime is the expires_in of issued access tokens (3600 s, like Amazon).
	AccessTokenLifetime time.Duration
	// Content writes the reports' files (reports.go); the default is a few lines per report type.
	Content ReportContent
	// Scheduled lists the reports Amazon makes on its own (settlements) per seller; the default is one settlement
	// per marketplace.
	Scheduled func(sellerID string) []ScheduledReport
	// Catalog is the Catalog Items API's knowledge of ASINs and their variation parents (catalog.go); nil knows
	// every ASIN asked, none with a parent.
	Catalog CatalogParents
	// Fees is the Product Fees API's estimate of a seller's SKU (fees.go); nil estimates nothing (every product
	// ClientError).
	Fees FeeQuotes
	// Items is the catalogue's names, pictures and sizes of ASINs (catalog.go); nil gives items none.
	Items CatalogItems
	// Book is the catalogue searched by keywords and identifiers, and read by getCatalogItem (catalog_search.go).
	Book CatalogBook
	// Listings is the Listings Items API's knowledge of the sellers' offers (listings.go); nil knows none (every
	// patch 404).
	Listings ListingOffers
	// ListingIssues are the issues getListingsItem answers for a listing, keyed sellerID/marketplaceID/sku; one
	// with a LISTING_SUPPRESSED enforcement keeps the listing off sale (its summary status empty). Set it before
	// the calls, or under the stand-in's lock.
	ListingIssues map[string][]amazon.ListingIssue
	// RotationGrace is how long the secret before a rotation keeps working (DefaultRotationGrace); 0 ends it at
	// once.
	RotationGrace time.Duration
	// ReportPolls is how many getReport calls a report takes to reach its final status (at least 1; default 2).
	ReportPolls int
	// AdSKUs are the SKUs each advertising profile advertises (adsdata.go); nil: ADSKU-<country>-1..6.
	AdSKUs AdSKUs
	// AdReportPolls is how many status calls an advertising report takes to be COMPLETED (default 2).
	AdReportPolls int
	// AdDisplayBrands makes every profile advertise with Sponsored Display and Sponsored Brands campaigns of its own
	// too, with a year of daily figures (sdsblist.go); off, those ad types hold only what is created through the API.
	AdDisplayBrands bool
	// adBrandsOnly are the profiles that advertise with AdDisplayBrands' Sponsored Brands campaigns only
	// (AdvertiseBrands).
	adBrandsOnly map[int64]bool
	// AdPageSize is the most entities a Sponsored Products list page holds (default 7, so paging is exercised).
	AdPageSize int
	// Quotas, when set, holds each seller's calls of the Reports, Catalog Items and Product Fees operations to
	// their usage plans, as Amazon does (quotas.go); nil answers every call.
	Quotas *Quotas
	// Inbound is the Fulfillment Inbound API's shipments (inbound.go), empty at first: tests Put theirs.
	Inbound *Inbound
	// AdEdits are the Sponsored Products changes made through the API (spupdate.go); Refuse makes some fail.
	AdEdits *AdEdits

	mu              sync.Mutex
	requests        []Request
	tokenFailures   []int
	invalidGrant    bool
	apiFailures     []int
	consenter       string
	codes           map[string]string // authorization code -> seller id
	refresh         map[string]string // refresh token -> seller id
	access          map[string]string // access token -> seller id
	sellers         map[string][]string
	clients         map[string]string           // client id -> secret
	tokenHold       chan struct{}               // while set, the token endpoint waits for it to close
	profiles        map[string][]StandInProfile // advertiser -> profiles (advertising.go)
	advFailures     []int
	adReports       map[string]*adReportJob // sponsored.go
	reports         reportsState            // reports.go
	rotation        rotationState           // appmanagement.go
	grantlessClient map[string]string       // grantless access token -> client id
}

// Request is one request the stand-in received, with its form for the token endpoint.
type Request struct {
	Method string
	Path   string
	Query  url.Values
	Form   url.Values
	Header http.Header
	// Body is a JSON request's body (createReport's specification).
	Body []byte
}

// The seller who consents when no other is set, and their marketplaces (US, CA, MX).
const DefaultSeller = "A3SELLERSTANDIN"

// Two more sellers the stand-in knows from the start: one in Japan, whose report files are in Windows-31J, and
// one in Europe (UK and Germany).
const (
	JapanSeller  = "A1JPSTANDIN"
	EuropeSeller = "A2EUSTANDIN"
)

var (
	defaultMarketplaces = []string{"ATVPDKIKX0DER", "A2EUQ1WTGCTBG2", "A1AM78C64UM0Y8"}
	japanMarketplaces   = []string{"A1VC38T7YXB528"}
	europeMarketplaces  = []string{"A1F83G8C2ARO7P", "A1PA6795UKMFR9"}
)

// New makes the stand-in without listening.
func New() *Server {
	s := &Server{
		Mux: http.NewServeMux(), AccessTokenLifetime: time.Hour, consenter: DefaultSeller,
		codes: map[string]string{}, refresh: map[string]string{}, access: map[string]string{},
		sellers: map[string][]string{DefaultSeller: defaultMarketplaces, JapanSeller: japanMarketplaces,
			EuropeSeller: europeMarketplaces},
		clients: map[string]string{ClientID: ClientSecret}, ReportPolls: 2, RotationGrace: DefaultRotationGrace,
		grantlessClient: map[string]string{},
	}
	s.Mux.HandleFunc("GET /apps/authorize/consent", s.consent)
	s.Mux.HandleFunc("POST /auth/o2/token", s.token)
	s.Mux.HandleFunc("GET /sellers/v1/marketplaceParticipations", s.participations)
	s.addAdvertising()
	s.addReports()
	s.addCatalog()
	addCatalogSearch(s)
	s.addFees()
	s.addListings()
	s.addAppManagement()
	addInbound(s)
	return s
}

// Start serves a new stand-in until the test ends.
func Start(t testing.TB) *Server {
	s := New()
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// Configure points the product's configuration at the stand-in.
func (s *Server) Configure(c *config.Config) {
	c.SecretKey = SecretKey
	c.Amazon.AppID = AppID
	c.Amazon.ClientID = ClientID
	c.Amazon.ClientSecret = ClientSecret
	c.Amazon.TokenURL = s.URL + "/auth/o2/token"
	c.Amazon.ConsentURL = s.URL
	c.Amazon.SellingPartnerURL = s.URL
	c.Amazon.AdvertisingConsentURL = s.URL
	c.Amazon.AdvertisingURL = s.URL
	c.Amazon.AdvertisingTokenURL = s.URL + "/auth/o2/token"
}

// Env is the same configuration as SELLERHUB_* variables, for a product process.
func (s *Server) Env() []string {
	return []string{
		"SELLERHUB_SECRET_KEY=" + SecretKey, "SELLERHUB_AMAZON_APP_ID=" + AppID,
		"SELLERHUB_AMAZON_CLIENT_ID=" + ClientID, "SELLERHUB_AMAZON_CLIENT_SECRET=" + ClientSecret,
		"SELLERHUB_AMAZON_TOKEN_URL=" + s.URL + "/auth/o2/token", "SELLERHUB_AMAZON_CONSENT_URL=" + s.URL,
		// The queue of new client secrets comes before the advertising variables: the advertising API's is the last
		// line the stand-in prints (amazon-standin.mjs waits for it).
		"SELLERHUB_AMAZON_SECRET_QUEUE_URL=" + s.SecretQueueURL(), "SELLERHUB_AWS_ACCESS_KEY_ID=" + SQSAccessKey,
		"SELLERHUB_AWS_SECRET_ACCESS_KEY=" + SQSSecretKey, "SELLERHUB_AWS_REGION=" + SQSRegion,
		"SELLERHUB_AMAZON_SPAPI_URL=" + s.URL, "SELLERHUB_AMAZON_ADV_CONSENT_URL=" + s.URL,
		"SELLERHUB_AMAZON_ADV_TOKEN_URL=" + s.URL + "/auth/o2/token", "SELLERHUB_AMAZON_ADV_API_URL=" + s.URL,
	}
}

// ServeHTTP records the request and answers it through Mux.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	var body []byte
	if ct := r.Header.Get("Content-Type"); strings.HasPrefix(ct, "application/json") || strings.HasSuffix(ct, "+json") {
		body, _ = io.ReadAll(io.LimitReader(r.Body, 1<<20))
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	s.mu.Lock()
	s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(),
		Form: r.PostForm, Header: r.Header.Clone(), Body: body})
	s.mu.Unlock()
	s.Mux.ServeHTTP(w, r)
}

// Requests returns what was received so far, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// RequestsTo returns the requests to one path.
func (s *Server) RequestsTo(path string) []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Path == path {
			out = append(out, r)
		}
	}
	return out
}

// FailToken makes the next token requests answer these HTTP statuses, one each, before answering normally again
// (429 with Retry-After: 0, 5xx with a server_error body). FailToken(429) then a success is "429 then OK".
func (s *Server) FailToken(statuses ...int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokenFailures = append(s.tokenFailures, statuses...)
}

// FailSellersAPI does the same for the Sellers API.
func (s *Server) FailSellersAPI(statuses ...int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.apiFailures = append(s.apiFailures, statuses...)
}

// HoldToken makes the token endpoint wait, until ReleaseToken, before answering: a test watches the product wait
// for Amazon for as long as it needs, whatever the machine's speed.
func (s *Server) HoldToken() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tokenHold == nil {
		s.tokenHold = make(chan struct{})
	}
}

// ReleaseToken lets the held token requests, and those after them, be answered.
func (s *Server) ReleaseToken() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tokenHold != nil {
		close(s.tokenHold)
		s.tokenHold = nil
	}
}

// RefuseGrants makes the token endpoint answer every grant with 400 invalid_grant while on.
func (s *Server) RefuseGrants(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.invalidGrant = on
}

// ExpireAccessTokens ends every access token issued so far, as an hour going by does: a seller whose grant is
// refused since (RefuseGrants) then finds out on the product's next call, which must get a new one.
func (s *Server) ExpireAccessTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.access)
}

// SetSeller makes sellerID the one who consents next, taking part in the given marketplaces.
func (s *Server) SetSeller(sellerID string, marketplaceIDs ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.consenter = sellerID
	s.sellers[sellerID] = marketplaceIDs
}

// IssueCode makes an authorization code for a seller, as a consent would, for tests that skip the consent page.
func (s *Server) IssueCode(sellerID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	code := "ANcode" + random()
	s.codes[code] = sellerID
	return code
}

// AddClient registers another Login with Amazon application (a seller's own) the token endpoint accepts.
func (s *Server) AddClient(clientID, clientSecret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clients[clientID] = clientSecret
}

// IssueRefreshToken makes a refresh token for a seller, as Seller Central's self-authorisation of a seller's own
// application does.
func (s *Server) IssueRefreshToken(sellerID string, marketplaceIDs ...string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(marketplaceIDs) > 0 {
		s.sellers[sellerID] = marketplaceIDs
	}
	rt := "Atzr|" + random()
	s.refresh[rt] = sellerID
	return rt
}

// RefreshTokens returns the refresh tokens issued so far, which must never appear in the product's answers or log.
func (s *Server) RefreshTokens() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.refresh))
	for t := range s.refresh {
		out = append(out, t)
	}
	return out
}

func random() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
