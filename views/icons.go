package views

// knownIcons are the icons in iconSprite. Home is the 仓库 group's (the older clients' name for it), home a house.
var knownIcons = map[string]bool{
	"Commodity": true, "SalesReport": true, "ShoppingBag": true, "Home": true, "Ship": true, "Ad": true,
	"Finance": true, "HeadsetOne": true, "Config": true, "Workbench": true, "default": true, "home": true,
	"bell": true, "help": true, "moon": true, "palette": true, "platform": true,
}

// iconName maps a menu's icon name to the sprite, with the default icon for names the set does not have.
func iconName(name string) string {
	if knownIcons[name] {
		return name
	}
	return "default"
}
