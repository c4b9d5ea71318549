// The personal center works as plain HTML forms. This script adds what forms cannot do well: 获取验证码 asks the
// JSON API for a code and counts down 60 s; the avatar is uploaded to users/saveImage and the top bar told at
// once (lib/account-events.js); 注销账号 confirms the
// password (users/verifyPassword), logs off (users/unbindAccount) and leaves the shell for the login page.
import { announceAvatar } from "./lib/account-events.js";
import { api } from "./lib/api.js";
import { startCountdown } from "./lib/countdown.js";

const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

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

const notice = document.querySelector("[data-notice]");

for (const form of document.querySelectorAll("form[data-code-form]")) {
  const button = form.querySelector("[data-send-code]");
  const keyField = form.querySelector("[data-code-key]");
  const { codeChannel: channel, codeFtype: ftype, codeTarget: target } = form.dataset;
  button.addEventListener("click", async (event) => {
    event.preventDefault();
    const field = form.elements[target];
    const value = field.value.trim();
    if (!value) {
      show(notice, channel === "email" ? "邮箱不能为空" : "手机号码不能为空", true);
      field.focus();
      return;
    }
    button.disabled = true;
    try {
      const { data } = channel === "email"
        ? await api("/admin/api/v1/users/getEmailCode", { query: { email: value, ftype } })
        : await api("/admin/api/v1/users/getSmsCode", { query: { mobile: value, ftype } });
      keyField.value = data;
      show(notice, channel === "email" ? "验证码已发送到邮箱，请查收" : "验证码已发送，请查收短信", false);
      startCountdown(button);
      form.elements.code.focus();
    } catch (error) {
      button.disabled = false;
      show(notice, error.message, true);
    }
  });
}

const avatarForm = document.querySelector("form[data-avatar-form]");
if (avatarForm) {
  const said = avatarForm.querySelector("[data-avatar-notice]");
  const say = (text, isError) => {
    said.textContent = text;
    said.hidden = false;
    said.setAttribute("role", isError ? "alert" : "status");
    said.className = `w-full text-sm ${isError ? "text-red-700" : "text-emerald-700"}`;
  };
  avatarForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = avatarForm.elements.file.files[0];
    // The server decides by the file's content; these checks only spare a slow connection a useless upload.
    if (!file) return say("请选择图片", true);
    if (!IMAGE_TYPES.includes(file.type)) return say("图片格式不正确", true);
    if (file.size > MAX_IMAGE_BYTES) return say("图片不能超过2MB", true);
    const body = new FormData();
    body.append("file", file);
    try {
      const response = await fetch("/admin/api/v1/users/saveImage", { method: "POST", body, credentials: "same-origin" });
      const envelope = await response.json();
      if (envelope.code !== "201") return say(envelope.msg || "上传失败，请稍后重试", true);
      const img = avatarForm.querySelector("[data-avatar]");
      img.src = envelope.data;
      img.hidden = false;
      avatarForm.reset();
      say("头像已更新", false);
      announceAvatar(envelope.data);
    } catch {
      say("上传失败，请稍后重试", true);
    }
  });
}

const logoffForm = document.querySelector("form[data-logoff-form]");
if (logoffForm) {
  logoffForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const password = logoffForm.elements.password.value;
    if (!password) return show(notice, "密码不能为空", true);
    try {
      await api("/admin/api/v1/users/verifyPassword", { method: "POST", body: { password } });
      await api("/admin/api/v1/users/unbindAccount");
    } catch (error) {
      return show(notice, error.message, true);
    }
    localStorage.removeItem("loginTime");
    sessionStorage.clear();
    window.top.location.href = "/login?notice=logoff";
  });
}
