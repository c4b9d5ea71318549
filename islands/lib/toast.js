// Toasts for success, error and warning, at the bottom of the page (the .toasts host in app.css: the whole width on
// a phone, bottom right from the md width on), where they hide no tab, heading or action. A page shows one toast, the outcome of its latest
// call: a new one replaces the one showing, so that a stale 操作成功! never sits beside a later failure and toasts
// never pile up. A success closes itself after a few seconds; an error or a warning stays until it is closed (its ×
// is a button, reached with Tab) or replaced, so that it cannot go away before it is read.
const LOOK = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  error: "border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
  warning: "border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200",
};
const SUCCESS_MS = 4000;

let closing; // the timer of the success showing

function host() {
  let el = document.getElementById("toasts");
  if (!el) {
    el = document.createElement("div");
    el.id = "toasts";
    el.className = "toasts";
    el.setAttribute("aria-live", "polite");
    document.body.appendChild(el);
  }
  return el;
}

export function toast(text, kind = "success") {
  const item = document.createElement("div");
  item.className = `pointer-events-auto flex max-w-full items-center gap-3 rounded-md border px-4 py-2 text-sm shadow ${LOOK[kind]}`;
  item.setAttribute("role", kind === "error" ? "alert" : "status");
  item.dataset.toast = kind;
  const span = document.createElement("span");
  span.className = "min-w-0 flex-1 break-words";
  span.textContent = text;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "×";
  close.setAttribute("aria-label", "关闭");
  close.className = "-my-1 rounded px-1 text-base leading-none opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-current";
  close.onclick = () => item.remove();
  item.append(span, close);
  clearTimeout(closing);
  host().replaceChildren(item);
  if (kind === "success") closing = setTimeout(() => item.remove(), SUCCESS_MS);
}
