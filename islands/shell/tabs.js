// The tab model, kept free of the DOM so its rules are easy to read and to test: a tab is identified by its
// title; 首页 is always first and never closes; closing the active tab activates its right neighbour, else its
// left one.
export const HOME_TITLE = "首页";

export function openTab(state, { title, url }) {
  const existing = state.tabs.find((t) => t.title === title);
  if (existing) return { ...state, active: existing.title };
  return { tabs: [...state.tabs, { title, url }], active: title };
}

export function closeTab(state, title) {
  if (title === HOME_TITLE) return state;
  const i = state.tabs.findIndex((t) => t.title === title);
  if (i < 0) return state;
  const tabs = state.tabs.filter((t) => t.title !== title);
  let active = state.active;
  if (active === title) active = (tabs[i] || tabs[i - 1]).title;
  return { tabs, active };
}

// renameTab gives the tab titled from a new title and address (a page that became another: a plan once submitted
// is its 发货计划详情). A tab already open under the new title gives way to it; 首页 keeps its name.
export function renameTab(state, from, { title, url }) {
  if (from === HOME_TITLE || title === HOME_TITLE || !state.tabs.some((t) => t.title === from)) return state;
  const tabs = state.tabs.filter((t) => t.title === from || t.title !== title).map((t) => (t.title === from ? { title, url: url || t.url } : t));
  const active = state.active === from ? title : tabs.some((t) => t.title === state.active) ? state.active : title;
  return { tabs, active };
}

function keep(state, predicate, anchorTitle) {
  const tabs = state.tabs.filter((t, i) => t.title === HOME_TITLE || t.title === anchorTitle || predicate(i));
  const active = tabs.some((t) => t.title === state.active) ? state.active : anchorTitle;
  return { tabs, active };
}

export function closeOthers(state, title) {
  return keep(state, () => false, title);
}

export function closeRight(state, title) {
  const at = state.tabs.findIndex((t) => t.title === title);
  return keep(state, (i) => i < at, title);
}

export function closeLeft(state, title) {
  const at = state.tabs.findIndex((t) => t.title === title);
  return keep(state, (i) => i > at, title);
}

// frameURL is the address a tab's frame loads: the tab's address marked as embedded.
export function frameURL(url) {
  const u = new URL(url, window.location.origin);
  u.searchParams.set("embed", "1");
  return u.pathname + u.search;
}
