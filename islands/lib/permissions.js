// The permission rule of the islands, the same as the server's: an element that needs a button permission the
// user lacks is not rendered. With no permission set loaded at all, elements show (spec section 6); the server
// refuses the call anyway.
export function can(permissions, code) {
  if (!Array.isArray(permissions)) return true;
  return permissions.includes(code);
}
