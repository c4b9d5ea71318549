// The sign-in flows as a person goes through them, shared by the test files. Each takes { js } so that the same
// steps run with the sign-in script and as plain HTML forms; where the two differ (获取验证码 counts down in place
// with JavaScript, and reloads the page without it) the flow checks what that mode should show.
import assert from "node:assert/strict";
import {
  PATIENCE,
  button,
  clickAndWait,
  field,
  link,
  pressEnterAndWait,
  waitForNotice,
} from "./harness.mjs";

export const SMS_SENT = "验证码已发送，请查收短信";
export const EMAIL_SENT = "验证码已发送到邮箱，请查收";
export const COUNTDOWN = /^(\d+)秒后重新获取$/;

/** The path and query of the page's address. */
export function where(page) {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

/**
 * Clicks 获取验证码 and checks that the code was sent: with JavaScript the page stays, the notice says so and the
 * button counts down from 60 s, disabled; without it the form is submitted and the page comes back with the
 * notice. Returns nothing; read the code from the server log.
 */
export async function requestCode(page, { js, sentText = SMS_SENT }) {
  const sendButton = page.locator("[data-send-code]");
  assert.equal((await sendButton.textContent()).trim(), "获取验证码");
  if (js) {
    const before = page.url();
    await button(page, "获取验证码").click();
    assert.equal(await waitForNotice(page, sentText), sentText, "notice after 获取验证码");
    assert.equal(page.url(), before, "with JavaScript, 获取验证码 must not submit the form");
    const label = (await sendButton.textContent()).trim();
    const m = label.match(COUNTDOWN);
    assert.ok(m, `the button should count down like "60秒后重新获取", it reads "${label}"`);
    assert.ok(Number(m[1]) <= 60 && Number(m[1]) >= 55, `the countdown should start at 60 s, it reads "${label}"`);
    assert.equal(await sendButton.isDisabled(), true, "the button is disabled during the countdown");
  } else {
    await clickAndWait(page, button(page, "获取验证码"));
    assert.equal(await waitForNotice(page, sentText, 0), sentText, "notice after 获取验证码");
    assert.equal(await sendButton.isDisabled(), false);
  }
}

/** Checks that the countdown ticks: the number goes down within a couple of seconds. */
export async function expectCountdownTicks(page) {
  const sendButton = page.locator("[data-send-code]");
  const first = Number((await sendButton.textContent()).trim().match(COUNTDOWN)?.[1]);
  await page.waitForFunction(
    (n) => {
      const m = document.querySelector("[data-send-code]").textContent.trim().match(/^(\d+)秒后重新获取$/);
      return m && Number(m[1]) < n;
    },
    first,
    { timeout: PATIENCE },
  );
}

/**
 * Registers a new company through /register (reached by the 注册 link on /login): fills the form from top to bottom, asks for the code, reads it from
 * the log, types it and clicks 注册. Ends on /login showing 注册成功 with the account filled in.
 */
export async function registerCompany(page, server, { js, account, password, name, email, company }) {
  await page.goto("/login");
  await clickAndWait(page, link(page, "注册"));
  assert.equal(where(page), "/register");
  assert.equal(await page.locator("h1").textContent(), "注册账号");
  await field(page, "account").fill(account);
  await field(page, "oldpassword").fill(password);
  await field(page, "password").fill(password);
  await field(page, "name").fill(name);
  await field(page, "email").fill(email);
  await field(page, "company").fill(company);

  const seen = server.codes.length;
  await requestCode(page, { js });
  if (js) {
    await expectCountdownTicks(page);
    // Nothing was submitted: everything typed is still there.
    assert.equal(await field(page, "oldpassword").inputValue(), password);
    assert.equal(await field(page, "password").inputValue(), password);
  } else {
    // The page came back from the server: what was typed is kept, except the passwords.
    assert.equal(await field(page, "account").inputValue(), account);
    assert.equal(await field(page, "name").inputValue(), name);
    assert.equal(await field(page, "email").inputValue(), email);
    assert.equal(await field(page, "company").inputValue(), company);
    assert.equal(await field(page, "oldpassword").inputValue(), "", "passwords are never sent back");
    assert.equal(await field(page, "password").inputValue(), "", "passwords are never sent back");
    await field(page, "oldpassword").fill(password);
    await field(page, "password").fill(password);
  }
  const sent = await server.waitForCode(account, { purpose: "register", after: seen });
  assert.equal(sent.channel, "sms");
  await field(page, "code").fill(sent.code);

  await clickAndWait(page, button(page, "注册"));
  assert.equal(new URL(page.url()).pathname, "/login", `after 注册 the browser should be on /login, it is on ${where(page)}`);
  assert.equal(await waitForNotice(page, "注册成功", 0), "注册成功");
  assert.equal(await field(page, "account").inputValue(), account, "the new account is filled in on /login");
}

/** Signs in from the login page currently shown: types account and password and clicks 登录 (or presses Enter). */
export async function signIn(page, { account, password, enter = false }) {
  const accountField = field(page, "account");
  // The account may already be filled in (after registering); a person types over it.
  await accountField.fill(account);
  await field(page, "password").fill(password);
  if (enter) {
    await pressEnterAndWait(page, field(page, "password"));
  } else {
    await clickAndWait(page, button(page, "登录"));
  }
}

/** Checks that /home is the shell with the 首页 tab showing the signed-in user's name and company. */
export async function expectHome(page, { name, company }) {
  assert.equal(new URL(page.url()).pathname, "/home", `expected /home, the browser is on ${where(page)}`);
  const home = page.frameLocator('#tab-frames iframe[data-active="true"]');
  assert.equal((await home.locator("[data-user-name]").textContent()).trim(), name);
  assert.equal((await home.locator("[data-company]").textContent()).trim(), company);
}

/**
 * Clicks 退出 in the shell's top bar and checks the login page with 登出成功!. With JavaScript 退出 sits in the
 * avatar menu; without it the top bar shows a plain 退出 button.
 */
export async function signOut(page) {
  const account = page.locator('[data-island="account"]');
  if ((await account.locator("form").count()) === 0) {
    await account.locator('button[aria-haspopup="menu"]').click();
    await clickAndWait(page, account.getByRole("menuitem", { name: "退出" }));
  } else {
    await clickAndWait(page, account.getByRole("button", { name: "退出" }));
  }
  assert.equal(new URL(page.url()).pathname, "/login", `after 退出 the browser should be on /login, it is on ${where(page)}`);
  assert.equal(await waitForNotice(page, "登出成功!", 0), "登出成功!");
}

/**
 * Opens /home without a session: the browser is sent through /ssologin, which shows 登录信息检查... and moves on
 * by itself (meta refresh, no script needed) to /login?redirect=%2Fhome.
 */
export async function openHomeSignedOut(page) {
  const ssoPages = [];
  const onResponse = (response) => {
    const u = new URL(response.url());
    if (u.pathname === "/ssologin" && response.request().resourceType() === "document") {
      ssoPages.push({ url: u.pathname + u.search, status: response.status() });
    }
  };
  page.on("response", onResponse);
  try {
    await page.goto("/home");
    await page.waitForURL((u) => u.pathname === "/login", { timeout: PATIENCE });
    await page.waitForLoadState("load");
  } finally {
    page.off("response", onResponse);
  }
  assert.equal(where(page), "/login?redirect=%2Fhome", "signed out, /home leads to the login page remembering /home");
  assert.equal(ssoPages.length, 1, "the way to /login goes through /ssologin once");
  assert.equal(ssoPages[0].url, "/ssologin?redirect=%2Fhome");
  assert.equal(ssoPages[0].status, 200);
  // The browser replaces that page at once, so read it again with the same cookies to check what it says.
  const sso = await page.request.get("/home");
  assert.equal(new URL(sso.url()).pathname + new URL(sso.url()).search, "/ssologin?redirect=%2Fhome");
  const html = await sso.text();
  assert.match(html, /登录信息检查\.\.\./);
  assert.match(html, /<meta http-equiv="refresh" content="0;url=\/login\?redirect=%2Fhome"/);
  assert.equal(await button(page, "登录").isVisible(), true);
}

/** The name of the reset step the indicator marks as current. */
export async function currentResetStep(page) {
  const current = page.locator('ol[aria-label="重置进度"] [aria-current]');
  assert.equal(await current.count(), 1, "exactly one step is marked current");
  return (await current.textContent()).trim();
}

/**
 * Resets a forgotten password (from the 忘记密码 link on /login) through the three steps: 验证身份 (account, 获取验证码, code, 下一步), 重置密码 (new
 * password twice, 确定), 完成 (密码已重置，请使用新密码登录。 and 去登录). Ends on /login.
 *
 * With mistakes: true the person first types a wrong code (验证码失效或输入不正确), and on 重置密码 first a password
 * that breaks the rule, then forgets the repeat (请再次输入密码), then mistypes it (两次输入密码不一致!), each time
 * staying on the step, before getting it right.
 */
export async function resetPassword(page, server, { js, account, channel, newPassword, mistakes = false }) {
  await page.goto("/login");
  await clickAndWait(page, link(page, "忘记密码"));
  assert.equal(where(page), "/resetPassword");
  assert.equal(await page.locator("h1").textContent(), "找回密码");
  assert.deepEqual(
    (await page.locator('ol[aria-label="重置进度"] li').allTextContents()).map((t) => t.replace(/\s+/g, "")),
    ["1验证身份", "2重置密码", "3完成"],
  );
  assert.equal(await currentResetStep(page), "验证身份");

  await field(page, "account").fill(account);
  const seen = server.codes.length;
  await requestCode(page, { js, sentText: channel === "email" ? EMAIL_SENT : SMS_SENT });
  assert.equal(await field(page, "account").inputValue(), account, "the account stays filled in");
  const sent = await server.waitForCode(account.toLowerCase(), { purpose: "losepassword", after: seen });
  assert.equal(sent.channel, channel, `the code for ${account} goes by ${channel}`);

  if (mistakes) {
    await field(page, "code").fill(wrongCode(sent.code));
    await clickAndWait(page, button(page, "下一步"));
    assert.equal(await waitForNotice(page, MSG.codeInvalid, 0), MSG.codeInvalid);
    assert.equal(await currentResetStep(page), "验证身份");
    assert.equal(await field(page, "account").inputValue(), account, "the account stays filled in");
  }
  await field(page, "code").fill(sent.code);
  await clickAndWait(page, button(page, "下一步"));

  assert.equal(await currentResetStep(page), "重置密码");
  assert.equal(await waitForNotice(page, "", 0), "", "no message on a successful step");
  assert.match((await page.locator("form").textContent()).replace(/\s+/g, ""), new RegExp(`正在为${escapeRegExp(account)}设置新密码`));

  if (mistakes) {
    const attempts = [
      { password: "abcdefgh", repassword: "abcdefgh", message: MSG.passwordRule },
      { password: newPassword, repassword: "", message: MSG.repasswordEmpty },
      { password: newPassword, repassword: newPassword + "x", message: MSG.passwordMismatch },
    ];
    for (const a of attempts) {
      await field(page, "password").fill(a.password);
      await field(page, "repassword").fill(a.repassword);
      await clickAndWait(page, button(page, "确定"));
      assert.equal(await waitForNotice(page, a.message, 0), a.message, `password ${JSON.stringify(a.password)}, repeat ${JSON.stringify(a.repassword)}`);
      assert.equal(await currentResetStep(page), "重置密码", "a refused password stays on 重置密码");
    }
  }
  await field(page, "password").fill(newPassword);
  await field(page, "repassword").fill(newPassword);
  await clickAndWait(page, button(page, "确定"));

  assert.equal(await currentResetStep(page), "完成");
  assert.equal(await waitForNotice(page, "", 0), "", "no error on the last step");
  assert.equal(await page.getByText("密码已重置，请使用新密码登录。", { exact: true }).isVisible(), true);
  await clickAndWait(page, link(page, "去登录"));
  assert.equal(new URL(page.url()).pathname, "/login");
}

/** A six-digit code that is surely not code. */
export function wrongCode(code) {
  return String((Number(code) + 500001) % 1000000).padStart(6, "0");
}

/** Signs in with a password that no longer works and checks the refusal. */
export async function expectSignInRefused(page, { account, password }) {
  await page.goto("/login");
  await signIn(page, { account, password });
  assert.equal(new URL(page.url()).pathname, "/login", "a refused sign-in stays on /login");
  assert.equal(await waitForNotice(page, "登录失败! " + MSG.badCredentials, 0), "登录失败! " + MSG.badCredentials);
}

/** The messages of the sign-in pages, word for word as the spec fixes them. */
export const MSG = {
  phoneEmpty: "手机不能为空",
  emailEmpty: "邮箱不能为空",
  nameEmpty: "用户名不能为空",
  companyEmpty: "公司名称不能为空",
  passwordsBad: "密码不能为空或者两次输入不一致",
  codeEmpty: "验证码不能为空",
  phoneBad: "请输入正确的手机号码！",
  emailBad: "请输入正确的邮箱号！",
  passwordRule: "密码为数字，小写字母，大写字母，特殊符号 至少包含三种，长度为 8 - 30位",
  codeInvalid: "验证码失效或输入不正确",
  accountTaken: "账号已存在，请重新注册！",
  mobileEmpty: "手机号码不能为空",
  accountEmpty: "手机号码或者邮箱不能为空",
  repasswordEmpty: "请再次输入密码",
  passwordMismatch: "两次输入密码不一致!",
  badCredentials: "账号或密码有误",
};

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
