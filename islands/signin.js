// The sign-in pages work as plain HTML forms. This script only adds conveniences: 获取验证码 asks the JSON API
// for a code instead of submitting the whole form, then locks the button for a 60 s countdown (cancelled when
// the request fails); the code's key and the countdown outlive a reload and a refused submit (remember, recall).
import { COUNTDOWN_SECONDS, startCountdown } from "./lib/countdown.js";

// A code stays good for 10 minutes on the server.
const CODE_LIFETIME_MS = 10 * 60 * 1000;

// What a sent code leaves behind in this tab: its key (the server checks a code only with it), the target it went
// to, and when the server lets that target ask again. Kept in sessionStorage per page and form, so that the code
// from the message still verifies after the page is reloaded, or comes back after a refused submit.
const sentKey = (ftype) => `code-sent:${location.pathname}:${ftype}`;

function remember(ftype, sent) {
  try {
    sessionStorage.setItem(sentKey(ftype), JSON.stringify(sent));
  } catch {
    // Storage refused: the page works as before, only a reload loses the code.
  }
}

function forget(ftype) {
  try {
    sessionStorage.removeItem(sentKey(ftype));
  } catch {
    // Storage refused: nothing was kept.
  }
}

function recall(ftype) {
  try {
    const sent = JSON.parse(sessionStorage.getItem(sentKey(ftype)) ?? "null");
    if (sent && sent.expires > Date.now()) return sent;
  } catch {
    // Unreadable: as if nothing was sent.
  }
  return null;
}

const emailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

function show(notice, text, isError) {
  if (!notice) return;
  notice.textContent = text;
  notice.hidden = false;
  notice.classList.remove("hidden");
  notice.setAttribute("role", isError ? "alert" : "status");
  notice.className = notice.className
    .replace(/\b(border|bg|text)-(red|emerald)-\d+\b/g, "")
    .concat(isError ? " border-red-200 bg-red-50 text-red-700" : " border-emerald-200 bg-emerald-50 text-emerald-700");
}

// checkTarget mirrors the server's first checks so that a slow connection is not spent on an empty field.
function checkTarget(value, ftype) {
  if (ftype === "register") return value ? "" : "手机号码不能为空";
  if (!value) return "手机号码或者邮箱不能为空";
  if (value.includes("@") && !emailPattern.test(value)) return "请输入正确的邮箱号！";
  return "";
}

for (const form of document.querySelectorAll("form[data-code-form]")) {
  const button = form.querySelector("[data-send-code]");
  const keyField = form.querySelector("[data-code-key]");
  const notice = document.querySelector("[data-notice]");
  const ftype = form.dataset.codeFtype;
  let sent = recall(ftype);
  let stopCountdown = () => {};
  if (sent) {
    // The page the server sent back carries the key it was given; a reloaded one has lost it.
    if (!keyField.value) keyField.value = sent.key;
    if (!form.elements.account.value) form.elements.account.value = sent.account;
    if (sent.resendAt > Date.now()) stopCountdown = startCountdown(button, sent.resendAt);
  }
  // A code sent to one phone or e-mail is of no use for another (another registration in the same tab): typing a
  // different target drops it and frees 获取验证码 (the server's wait is per target).
  form.elements.account.addEventListener("input", () => {
    if (!sent || form.elements.account.value.trim() === sent.account) return;
    forget(ftype);
    stopCountdown();
    if (keyField.value === sent.key) keyField.value = "";
    sent = null;
  });
  button.addEventListener("click", async (event) => {
    event.preventDefault();
    const value = form.elements.account.value.trim();
    const problem = checkTarget(value, ftype);
    if (problem) {
      show(notice, problem, true);
      form.elements.account.focus();
      return;
    }
    const byEmail = value.includes("@");
    const query = new URLSearchParams(byEmail ? { email: value, ftype } : { mobile: value, ftype });
    const path = byEmail ? "getEmailCode" : "getSmsCode";
    button.disabled = true;
    try {
      const response = await fetch(`/admin/api/v1/users/${path}?${query}`, { headers: { Accept: "application/json" } });
      const body = await response.json();
      if (body.code !== "201") throw new Error(body.msg || "验证码发送失败，请稍后再试");
      keyField.value = body.data;
      const now = Date.now();
      const resendAt = now + COUNTDOWN_SECONDS * 1000;
      sent = { key: body.data, account: value, resendAt, expires: now + CODE_LIFETIME_MS };
      remember(ftype, sent);
      show(notice, byEmail ? "验证码已发送到邮箱，请查收" : "验证码已发送，请查收短信", false);
      stopCountdown = startCountdown(button, resendAt);
      form.elements.code.focus();
    } catch (error) {
      button.disabled = false;
      show(notice, error instanceof SyntaxError ? "验证码发送失败，请稍后再试" : error.message, true);
    }
  });
}
