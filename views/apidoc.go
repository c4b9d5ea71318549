package views

// APIDocPage is 接口文档: the JSON API's routes by domain, found with a search the server answers (no script).
type APIDocPage struct {
	Page
	Query string
	// Domain is the domain chosen (a chip); Detailed says the routes open to their shapes (a domain or a search).
	Domain   string
	Detailed bool
	// Domains are the chips of the whole list, one per domain.
	Domains []APIDocGroup
	Total   int // routes in the description
	Shown   int // routes the search kept
	JSONURL string
	Groups  []APIDocGroup
	// Schemas are the named shapes the shown routes refer to, each listed once with its fields.
	Schemas []APIDocSchema
}

// APIDocGroup is one domain's routes.
type APIDocGroup struct {
	Key, Title string
	Routes     []APIDocRoute
}

// APIDocRoute is one route as the page shows it.
type APIDocRoute struct {
	Anchor, Method, Path, Access, Handler string
	Params                                []APIDocField
	Request                               []APIDocField
	// Answer is the success answer's fields (the envelope and its data), or AnswerFile names a download.
	Answer     []APIDocField
	AnswerFile string
	Errors     []APIDocError
	Undeclared bool
	// Open shows the route opened: the one a line of the whole list led to.
	Open bool
}

// APIDocField is one row of a shape: a field at its depth, its type, and the named shape it refers to.
type APIDocField struct {
	Name     string
	Type     string
	Ref      string // a named shape's anchor, when the type is (or holds) one
	Required bool
	Depth    int
	Note     string
}

// APIDocError is one refusal a route may answer.
type APIDocError struct {
	Status          string
	Code, Msg, When string
}

// APIDocSchema is a named shape and its fields.
type APIDocSchema struct {
	Anchor, Name string
	Fields       []APIDocField
}
