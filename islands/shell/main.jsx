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
document.querySelector("[data-toggle-dark]")?.addEventListener("click", () => {
  const dark = !document.documentElement.classList.contains("dark");
  localStorage.setItem("dark", dark ? "1" : "0");
  applyToFrames((root) => root.classList.toggle("dark", dark));
});
document.querySelector("[data-toggle-rail]")?.addEventListener("click", () => {
  const next = document.documentElement.dataset.theme === "themeLight" ? "themeBlack" : "themeLight";
  localStorage.setItem("theme", next);
  document.documentElement.dataset.theme = next;
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

// Flyouts also open on click (touch screens have no hover) and close on Esc.
for (const item of document.querySelectorAll("[data-rail-group]")) {
  item.addEventListener("mouseleave", () => item.classList.remove("open"));
}
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const open = document.querySelector("[data-rail-group]:focus-within, [data-rail-group].open");
  if (open) {
    event.preventDefault();
    open.classList.remove("open");
    document.activeElement?.blur();
  }
});
