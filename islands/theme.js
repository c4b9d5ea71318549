// Runs in <head> before the page paints: applies the saved rail colour (themeBlack / themeLight, stored under
// "theme") and dark mode, so a reload never flashes the wrong theme. It also carries the consent result pages'
// signal to 店铺管理: those pages load no other script (they work with scripts off), and the signal is the one
// thing they add when scripts run.
import { announceConsent } from "./lib/consent-signal.js";

(function () {
  var root = document.documentElement;
  var theme = "themeBlack";
  var dark = false;
  try {
    theme = localStorage.getItem("theme") === "themeLight" ? "themeLight" : "themeBlack";
    dark = localStorage.getItem("dark") === "1";
  } catch (e) {
    // Storage blocked: keep the defaults.
  }
  root.setAttribute("data-theme", theme);
  if (dark) root.classList.add("dark");
})();

announceConsent();
