// The 获取验证码 button's 60 s countdown after a code is sent, shared by the sign-in pages and the personal center.
const COUNTDOWN_SECONDS = 60;

export function startCountdown(button) {
  let left = COUNTDOWN_SECONDS;
  button.disabled = true;
  button.textContent = `${left}秒后重新获取`;
  const timer = setInterval(() => {
    left -= 1;
    if (left <= 0) {
      clearInterval(timer);
      button.disabled = false;
      button.textContent = "获取验证码";
      return;
    }
    button.textContent = `${left}秒后重新获取`;
  }, 1000);
}
