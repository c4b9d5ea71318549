// Package contacts serves the client (客户端) and customer (客户) calls of /admin/api/v1: clients/... and
// customers/.... Lists are paged POST calls answering {records, total, size, current, pages}, the table island's
// shape.
package contacts

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/reference"
	referencedb "sellerhub/models/reference"
)

// Handler serves the client and customer calls.
type Handler struct {
	Reference *reference.Service
	TimeZone  *time.Location
}

// Client is a client as the clients show it.
type Client struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Code      string `json:"code"`
	Contact   string `json:"contact"`
	Phone     string `json:"phone"`
	Email     string `json:"email"`
	Address   string `json:"address"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

// Customer is a customer as the clients show it.
type Customer struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Platform  string `json:"platform"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	Country   string `json:"country"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

func (h *Handler) client(m *referencedb.Client) Client {
	return Client{ID: strconv.FormatInt(m.ID, 10), Name: m.Name, Code: m.Code, Contact: m.Contact, Phone: m.Phone,
		Email: m.Email, Address: m.Address, Remark: m.Remark,
		CreatedAt: api.FormatTime(&m.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&m.UpdatedAt, h.TimeZone)}
}

func (h *Handler) customer(m *referencedb.Customer) Customer {
	return Customer{ID: strconv.FormatInt(m.ID, 10), Name: m.Name, Platform: m.Platform, Email: m.Email,
		Phone: m.Phone, Country: m.Country, Remark: m.Remark,
		CreatedAt: api.FormatTime(&m.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&m.UpdatedAt, h.TimeZone)}
}

// ClientPage answers POST clients/page {currentpage, pagesize, sort, order, name} with a page of clients.
func (h *Handler) ClientPage(c *echo.Context) error {
	return api.PageOf(h.Reference.ClientPage, h.client)(c)
}

// GetClient answers GET clients/{id}.
func (h *Handler) GetClient(c *echo.Context) error {
	return api.GetOne(h.Reference.Client, h.client)(c)
}

// CreateClient answers POST clients with the new client.
func (h *Handler) CreateClient(c *echo.Context) error {
	return api.CreateOne(h.Reference.CreateClient, h.client)(c)
}

// UpdateClient answers PUT clients/{id} with the changed client.
func (h *Handler) UpdateClient(c *echo.Context) error {
	return api.UpdateNoted(h.Reference.Client, h.Reference.UpdateClient, h.client)(c)
}

// DeleteClient answers DELETE clients/{id}.
func (h *Handler) DeleteClient(c *echo.Context) error {
	return api.DeleteOne(h.Reference.DeleteClient)(c)
}

// CustomerPage answers POST customers/page {currentpage, pagesize, sort, order, name} with a page of customers.
func (h *Handler) CustomerPage(c *echo.Context) error {
	return api.PageOf(h.Reference.CustomerPage, h.customer)(c)
}

// GetCustomer answers GET customers/{id}.
func (h *Handler) GetCustomer(c *echo.Context) error {
	return api.GetOne(h.Reference.Customer, h.customer)(c)
}

// CreateCustomer answers POST customers with the new customer.
func (h *Handler) CreateCustomer(c *echo.Context) error {
	return api.CreateOne(h.Reference.CreateCustomer, h.customer)(c)
}

// UpdateCustomer answers PUT customers/{id} with the changed customer.
func (h *Handler) UpdateCustomer(c *echo.Context) error {
	return api.UpdateNoted(h.Reference.Customer, h.Reference.UpdateCustomer, h.customer)(c)
}

// DeleteCustomer answers DELETE customers/{id}.
func (h *Handler) DeleteCustomer(c *echo.Context) error {
	return api.DeleteOne(h.Reference.DeleteCustomer)(c)
}

// ClientExport answers GET clients/export?<ClientPage's filters>: the whole query as 客户端_<date>.xlsx.
func (h *Handler) ClientExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "客户端", "clientList", h.Reference.ClientPage, h.client)
}

// CustomerExport answers GET customers/export?<CustomerPage's filters>: the whole query as 客户_<date>.xlsx.
func (h *Handler) CustomerExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "客户", "customerList", h.Reference.CustomerPage, h.customer)
}
