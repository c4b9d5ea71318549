// Calls the JSON API with the session cookie (the session id never lives in JavaScript) and unwraps the
// envelope. A JSON body goes as body; a file upload as form (a FormData, sent as multipart). A non-201 code rejects
// with the message the spec says to show; an ended session goes to /ssologin, remembering where the user was, and
// keeps what the page's forms held (saveDraft) so that signing in again on this tab gives it back (restoreDraft).
const SESSION_ENDED = new Set(["401", "A0231", "A0200", "S0003", "S0002", "S0001", "noauth"]);

// A draft is the page's form values by field name, kept in this tab's sessionStorage under the page's address:
// the tab's frames share it, and it dies with the tab. Passwords and files are never kept.
const DRAFT_PREFIX = "draft:";
const draftKey = () => DRAFT_PREFIX + location.pathname + location.search;
const draftable = (el) => el.name && !["password", "file", "hidden", "submit", "button"].includes(el.type);

function saveDraft() {
  const values = {};
  for (const form of document.forms) {
    for (const el of form.elements) {
      if (!draftable(el)) continue;
      if (el.type === "checkbox" || el.type === "radio") {
        if (el.checked) values[el.name] = el.value;
      } else if (el.value !== "") values[el.name] = el.value;
    }
  }
  try {
    if (Object.keys(values).length) sessionStorage.setItem(draftKey(), JSON.stringify(values));
  } catch {
    // Storage full or refused: the draft is a convenience, signing in again still works.
  }
}

// setValue changes a field the way typing does, so that React's controlled inputs take the value into their state.
function setValue(el, value) {
  if (el.type === "checkbox" || el.type === "radio") {
    if (el.value === value && !el.checked) el.click();
    return;
  }
  const proto = Object.getPrototypeOf(el);
  Object.getOwnPropertyDescriptor(proto, "value").set.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

// restoreDraft gives this page back the draft saved when its session ended, each field as soon as it is on the
// page with its value to choose (an island draws its form after its data arrives); the draft is gone once given.
function restoreDraft() {
  let pending;
  try {
    pending = JSON.parse(sessionStorage.getItem(draftKey()) ?? "null");
  } catch {
    return;
  }
  if (!pending) return;
  sessionStorage.removeItem(draftKey());
  const fill = () => {
    for (const [name, value] of Object.entries(pending)) {
      const el = [...document.querySelectorAll(`form [name="${CSS.escape(name)}"]`)].find(draftable);
      if (!el) continue;
      // A select's options may arrive after the select: wait for the saved one.
      if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === value)) continue;
      setValue(el, value);
      delete pending[name];
    }
    if (!Object.keys(pending).length) observer.disconnect();
  };
  const observer = new MutationObserver(fill);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  fill();
}

if (typeof document !== "undefined") restoreDraft();

export class ApiError extends Error {
  // data is the refusal's data when it has one: an import's wrong cells [{row, column, value, why}].
  constructor(code, msg, data) {
    super(msg);
    this.code = code;
    this.data = data;
  }
}

export function userMessage(msg) {
  if (!msg) return "操作失败，请稍后重试";
  if (msg.includes("Duplicate entry")) return "数据重复冲突，请勿频繁保存，如功能无法使用请联系管理员";
  if (msg.includes("milliseconds ago")) return "查询数据超时，请缩小查询范围或稍后重试";
  return msg;
}

export async function api(path, { method = "GET", body, form, query } = {}) {
  let url = path;
  if (query) url += (url.includes("?") ? "&" : "?") + new URLSearchParams(query);
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (form !== undefined) init.body = form;
  let response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError("network", "网络连接失败，请检查网络后重试");
  }
  let envelope;
  try {
    envelope = await response.json();
  } catch {
    throw new ApiError(String(response.status), "系统执行出错");
  }
  if (SESSION_ENDED.has(envelope.code) || SESSION_ENDED.has(envelope.data?.code)) {
    saveDraft();
    const here = window.top.location.pathname + window.top.location.search;
    window.top.location.href = "/ssologin?redirect=" + encodeURIComponent(here);
    throw new ApiError(envelope.code, envelope.msg);
  }
  if (envelope.code !== "201") throw new ApiError(envelope.code, userMessage(envelope.msg), envelope.data);
  return envelope;
}

// Downloads a file the server builds (an .xlsx export) under the name it gives. A refusal (too many rows, no
// permission) answers the JSON envelope instead: it rejects with its message, so the page can say why rather
// than save the envelope as a file; any other failure is the spec's 导出失败！.
export async function download(path, { query } = {}) {
  let url = path;
  if (query) url += (url.includes("?") ? "&" : "?") + new URLSearchParams(query);
  let response;
  try {
    response = await fetch(url, { credentials: "same-origin" });
  } catch {
    throw new ApiError("network", "网络连接失败，请检查网络后重试");
  }
  if ((response.headers.get("Content-Type") || "").includes("json")) {
    const envelope = await response.json().catch(() => ({}));
    throw new ApiError(envelope.code, envelope.msg ? userMessage(envelope.msg) : "导出失败！");
  }
  if (!response.ok) throw new ApiError(String(response.status), "导出失败！");
  const disposition = response.headers.get("Content-Disposition") || "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const name = encoded ? decodeURIComponent(encoded[1]) : "export.xlsx";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}
