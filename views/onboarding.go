package views

// Guide is 首页's getting started (新手引导): the steps of setting up, each done or to do with its screen.
// Syncing: the first sync runs, and the page follows it. Admin may keep it (Shown) or put it away.
type Guide struct {
	Steps        []GuideStep
	Done, Total  int
	Visible      bool
	Syncing      bool
	Admin, Shown bool
	Complete     bool
}

// GuideStep is one step: Href opens its screen in a tab titled Screen.
type GuideStep struct {
	Key, Title, Detail string
	Done               bool
	Href, Screen       string
}
