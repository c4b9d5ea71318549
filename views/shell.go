package views

// ShellPage is the shell: left rail with the user's menu, the top bar, the tab strip and the tab frames.
type ShellPage struct {
	Page
	User  ShellUser
	Menu  []MenuGroup
	Tabs  []Tab
	Props ShellProps
	// HelpURL is the help link in the top bar.
	HelpURL string
}

// ShellUser is who is signed in, as the top bar shows them.
type ShellUser struct {
	Name, Company, Account, Avatar string
	// LoginTime (ms) and LoginType let the shell notice another login in another browser tab.
	LoginTime int64
	LoginType string
}

// MenuGroup is a top group of the rail with its flyout.
type MenuGroup struct {
	Title, Icon, Href string
	Headings          []MenuHeading
	// Building: every entry of the group still leads to 建设中.
	Building bool
}

// MenuHeading is a heading in a flyout with its links.
type MenuHeading struct {
	Title string
	Links []MenuLink
}

// MenuLink opens a tab (or, for legacy pages, a new window).
type MenuLink struct {
	Title, Href string
	External    bool
	// Building: the entry's page is 建设中.
	Building bool
}

// Tab is an open tab: its title, its address, and the address its frame loads.
type Tab struct {
	Title, URL, FrameURL string
	Active               bool
}

// ShellProps boot the shell's islands.
type ShellProps struct {
	Tabs        []TabProp `json:"tabs"`
	Home        string    `json:"home"`
	UserID      string    `json:"userId"`
	Company     string    `json:"company"`
	Name        string    `json:"name"`
	Account     string    `json:"account"`
	Avatar      string    `json:"avatar"`
	LoginType   string    `json:"loginType"`
	LegacyURL   string    `json:"legacyUrl"`
	LogoutURL   string    `json:"logoutUrl"`
	CSRF        string    `json:"csrf"`
	Permissions []string  `json:"permissions"`
	// StoreAuthURL is where the platform picker's active tiles lead.
	StoreAuthURL string `json:"storeAuthUrl"`
	// Built lists the tab addresses that have their screen: the platform picker marks the others 建设中.
	Built []string `json:"built"`
	// PollMillis is how often the shell pulls new messages (100000 ms by default).
	PollMillis int `json:"pollMillis"`
}

// TabProp is a tab as the tab bar island receives it.
type TabProp struct {
	Title  string `json:"title"`
	URL    string `json:"url"`
	Active bool   `json:"active"`
}

// ContentPage is a page shown inside a tab frame.
type ContentPage struct {
	Page
}

// UnderConstructionPage is the tab content of a module not built yet.
type UnderConstructionPage struct {
	Page
	Module string
}

// Exception names one of the default pages.
type Exception struct {
	Page
	Kind    string // unauthorized, noPermission, emptySearch, noUser, reviewUnable, notFound, error
	Heading string
	Message string
	Status  int // the number shown above the heading, none when 0
}
