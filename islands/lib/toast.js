// Toasts for success, error and warning: closable, 48 px from the top, gone after a few seconds.
const LOOK = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  error: "border-red-200 bg-red-50 text-red-800",
  warning: "border-amber-200 bg-amber-50 text-amber-800",
};

function host() {
  let el = document.getElementById("toasts");
  if (!el) {
    el = document.createElement("div");
    el.id = "toasts";
    el.className = "pointer-events-none fixed inset-x-0 top-12 z-[100] flex flex-col items-center gap-2";
    el.setAttribute("aria-live", "polite");
    document.body.appendChild(el);
  }
  return el;
}

export function toast(text, kind = "success") {
  const item = document.createElement("div");
  item.className = `pointer-events-auto flex items-center gap-3 rounded-md border px-4 py-2 text-sm shadow ${LOOK[kind]}`;
  item.setAttribute("role", kind === "error" ? "alert" : "status");
  item.dataset.toast = kind;
  const span = document.createElement("span");
  span.textContent = text;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "×";
  close.setAttribute("aria-label", "关闭");
  close.className = "text-base leading-none opacity-60 hover:opacity-100";
  close.onclick = () => item.remove();
  item.append(span, close);
  host().appendChild(item);
  setTimeout(() => item.remove(), 3000);
}
