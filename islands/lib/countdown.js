// The 获取验证码 button's 60 s countdown after a code is sent, shared by the sign-in pages and the personal center.
export const COUNTDOWN_SECONDS = 60;

// The seconds left are read from the clock, not counted in ticks: a busy browser runs an interval late, and a
// countdown of 60 late ticks kept the button locked after the server's own 60 s had passed.
// until (a time in ms) continues a countdown begun before the page was loaded again. Returns a function that ends
// the countdown at once (the code went to a target the person no longer wants).
export function startCountdown(button, until = Date.now() + COUNTDOWN_SECONDS * 1000) {
  button.disabled = true;
  button.textContent = `${Math.ceil((until - Date.now()) / 1000)}秒后重新获取`;
  const stop = () => {
    clearInterval(timer);
    button.disabled = false;
    button.textContent = "获取验证码";
  };
  const timer = setInterval(() => {
    const left = Math.ceil((until - Date.now()) / 1000);
    if (left <= 0) {
      stop();
      return;
    }
    button.textContent = `${left}秒后重新获取`;
  }, 250);
  return stop;
}
