// Boots the shell: the tab bar, message bell, account menu and platform picker islands, the theme switches,
// and the check that no other login has replaced this one in another browser tab.
import { mount, readProps } from "../lib/mount.js";
import { toast } from "../lib/toast.js";
import TabBar from "./TabBar.jsx";
import Messages from "./Messages.jsx";
import Account from "./Account.jsx";
import Platform from "./Platform.jsx";

const props = readProps(document.body, "shell-props");
mount("tabbar", TabBar, props);
mount("messages", Messages, props);
mount("account", Account, props);
mount("platform", Platform, props);

// Theme switches: the rail colour (themeBlack / themeLight under "theme") and dark mode, saved for the next
// paint and applied to the open tab frames at once.
function applyToFrames(fn) {
  fn(document.documentElement);
  for (const frame of document.querySelectorAll("#tab-frames iframe")) {
    try {
      if (frame.contentDocument) fn(frame.contentDocument.documentElement);
    } catch {
      // A frame mid-navigation: it picks the theme up when it loads.
    }
  }
}
for (const button of document.querySelectorAll("[data-toggle-dark], [data-toggle-rail]")) button.classList.replace("hidden", "flex");
const darkButton = document.querySelector("[data-toggle-dark]");
const railButton = document.querySelector("[data-toggle-rail]");
function showThemeState() {
  darkButton?.setAttribute("aria-pressed", String(document.documentElement.classList.contains("dark")));
  railButton?.setAttribute("aria-pressed", String(document.documentElement.dataset.theme === "themeLight"));
}
showThemeState();
darkButton?.addEventListener("click", () => {
  const dark = !document.documentElement.classList.contains("dark");
  localStorage.setItem("dark", dark ? "1" : "0");
  applyToFrames((root) => root.classList.toggle("dark", dark));
  showThemeState();
});
railButton?.addEventListener("click", () => {
  const next = document.documentElement.dataset.theme === "themeLight" ? "themeBlack" : "themeLight";
  localStorage.setItem("theme", next);
  document.documentElement.dataset.theme = next;
  showThemeState();
});

// One login per browser: the newest shell records its login time; an older shell that sees a different one
// (someone signed in again in another tab) says so and reloads into the current session.
const mine = Number(document.body.dataset.loginTime || 0);
if (mine >= Number(localStorage.getItem("loginTime") || 0)) {
  localStorage.setItem("loginTime", String(mine));
  localStorage.setItem("loginType", document.body.dataset.loginType || "api");
}
function checkSession() {
  const current = Number(localStorage.getItem("loginTime") || 0);
  if (current && current !== mine) {
    toast("账户异常，正在刷新浏览器", "warning");
    setTimeout(() => window.location.reload(), 1200);
    return false;
  }
  return true;
}
window.addEventListener("storage", (event) => {
  if (event.key === "loginTime") checkSession();
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") checkSession();
});

// A click on a rail group opens its flyout (touch screens have no hover) instead of following the group's link,
// which is there for browsers without JavaScript. Choosing an entry closes the flyout even though the pointer is
// still over it; Esc closes it too.
for (const item of document.querySelectorAll("[data-rail-group]")) {
  item.querySelector("[data-rail-toggle]").addEventListener("click", (event) => {
    event.preventDefault();
    const opening = !item.classList.contains("open");
    for (const other of document.querySelectorAll("[data-rail-group].open")) other.classList.remove("open");
    item.classList.toggle("open", opening);
    item.classList.toggle("closed", !opening);
    if (!opening) event.currentTarget.blur();
  });
  item.querySelector(".flyout").addEventListener("click", (event) => {
    if (!event.target.closest("a")) return;
    item.classList.remove("open");
    item.classList.add("closed");
    event.target.closest("a").blur();
  });
  item.addEventListener("mouseleave", () => item.classList.remove("open", "closed"));
}
// On a phone the rail is a drawer: the menu button opens it, the backdrop or a chosen entry (its tab opens) closes it.
const menuButton = document.querySelector("[data-toggle-menu]");
function showRail(open) {
  document.body.classList.toggle("rail-open", open);
  menuButton?.setAttribute("aria-expanded", String(open));
}
menuButton?.addEventListener("click", (event) => {
  event.preventDefault(); // its #main-menu address is for browsers without JavaScript
  showRail(!document.body.classList.contains("rail-open"));
});
document.querySelector("[data-rail-backdrop]")?.addEventListener("click", () => showRail(false));
document.querySelector(".rail")?.addEventListener("click", (event) => {
  const a = event.target.closest("a");
  if (a && !a.hasAttribute("data-rail-toggle")) showRail(false);
});

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  if (document.body.classList.contains("rail-open") && !document.querySelector("[data-rail-group].open")) {
    event.preventDefault();
    showRail(false);
    return;
  }
  const open = document.querySelector("[data-rail-group]:focus-within, [data-rail-group].open");
  if (open) {
    event.preventDefault();
    open.classList.remove("open");
    document.activeElement?.blur();
  }
});
