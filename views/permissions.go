package views

import "slices"

// Can is the templates' permission rule: an element needing a button permission the user lacks is not rendered.
// Hiding is a convenience; the server refuses the call itself.
func Can(permissions []string, code string) bool { return slices.Contains(permissions, code) }
