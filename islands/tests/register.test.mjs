// Registering a company and the sign-in round trip, with JavaScript on and off:
// register -> /login 注册成功 -> sign in -> /home shows name and company -> 退出 (登出成功!) -> /home sends to login.
// And the remembered address: /home signed out -> sign in -> back on /home.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, button, clickAndWait, closeBrowser, field, getBrowser, MODES, phone, startServer, waitForNotice, withPage } from "./harness.mjs";
import { COUNTDOWN, expectCountdownTicks, expectHome, openHomeSignedOut, registerCompany, requestCode, signIn, signOut, where } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

for (const { js, label } of MODES) {
  describe(`注册与登录 (${label})`, () => {
    let server;
    before(async () => {
      server = await startServer();
    });
    after(() => server?.stop());

    it("registers a company, signs in, sees name and company, signs out", () =>
      withPage(server, { js }, async (page) => {
        const user = {
          account: phone("138"),
          password: "Seller#2026",
          name: js ? "张三" : "李四",
          email: js ? "zhangsan@example.com" : "lisi@example.cn",
          company: js ? "深圳市跨境优选贸易有限公司" : "杭州无脚本电子商务有限公司",
        };
        await registerCompany(page, server, { js, ...user });

        await signIn(page, { account: user.account, password: user.password });
        await expectHome(page, user);

        await signOut(page);
        // Back to the page the user just left: it must not come back from the cache with their data.
        await page.goBack();
        await page.waitForURL((u) => u.pathname === "/login", { timeout: PATIENCE });
        assert.equal(await page.locator("#tab-frames").count(), 0, "after 退出, Back does not show the signed-in shell");
        await openHomeSignedOut(page);
      }));

    it("remembers the address: /home signed out, sign in, back on /home", () =>
      withPage(server, { js }, async (page) => {
        await openHomeSignedOut(page);
        // Enter in the password field submits, as on any login form.
        await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD, enter: true });
        assert.equal(where(page), "/home");
        await expectHome(page, { name: "管理员", company: "演示公司" });
      }));

    it("remembers the address with its query, also after a wrong password", () =>
      withPage(server, { js }, async (page) => {
        await page.goto("/home?from=bookmark");
        await page.waitForURL((u) => u.pathname === "/login", { timeout: PATIENCE });
        assert.equal(where(page), "/login?redirect=%2Fhome%3Ffrom%3Dbookmark");
        await signIn(page, { account: ADMIN_ACCOUNT, password: "Wrong#2026pass" });
        assert.equal(await waitForNotice(page, "登录失败! 账号或密码有误", 0), "登录失败! 账号或密码有误");
        assert.equal(await field(page, "account").inputValue(), ADMIN_ACCOUNT, "the account stays filled in");
        assert.equal(await field(page, "password").inputValue(), "", "the password is not sent back");
        await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
        assert.equal(where(page), "/home?from=bookmark");
        await expectHome(page, { name: "管理员", company: "演示公司" });
      }));
  });
}

// A reload of /register keeps the code sent before it: the code from the message still registers, and 获取验证码
// goes on counting down instead of offering a code the server would refuse to send for 60 s. Likewise after a
// submit the server refuses.
describe("注册：刷新后验证码仍有效", () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(() => server?.stop());

  const countdown = async (page) => Number((await page.locator("[data-send-code]").textContent()).trim().match(COUNTDOWN)?.[1]);

  it("registers with the code requested before a reload, and the countdown goes on", () =>
    withPage(server, { js: true }, async (page) => {
      const user = { account: phone("137"), password: "Seller#2026", name: "刷新用户", email: "reload@example.com", company: "刷新测试有限公司" };
      await page.goto("/register");
      await field(page, "account").fill(user.account);
      const seen = server.codes.length;
      await requestCode(page, { js: true });
      const sent = await server.waitForCode(user.account, { purpose: "register", after: seen });
      const atSend = await countdown(page);

      await page.reload();
      const left = await countdown(page);
      assert.ok(left > 0 && left <= atSend, `after the reload the button still counts down, it reads ${left} s`);
      assert.equal(await page.locator("[data-send-code]").isDisabled(), true, "获取验证码 stays locked after the reload");
      await expectCountdownTicks(page);

      // A refused submit (no e-mail) comes back still counting down.
      await field(page, "account").fill(user.account);
      await field(page, "code").fill(sent.code);
      await clickAndWait(page, button(page, "注册"));
      assert.equal(new URL(page.url()).pathname, "/register");
      assert.ok((await countdown(page)) > 0, "the countdown goes on after a refused submit");
      assert.equal(await page.locator("[data-send-code]").isDisabled(), true);

      // The person types the form with the code from the message: it registers.
      await field(page, "account").fill(user.account);
      await field(page, "code").fill(sent.code);
      await field(page, "oldpassword").fill(user.password);
      await field(page, "password").fill(user.password);
      await field(page, "name").fill(user.name);
      await field(page, "email").fill(user.email);
      await field(page, "company").fill(user.company);
      await clickAndWait(page, button(page, "注册"));
      assert.equal(new URL(page.url()).pathname, "/login", `registered, the browser is on ${where(page)}`);
      assert.equal(await waitForNotice(page, "注册成功", 0), "注册成功");
      assert.equal(server.codes.length, seen + 1, "one code was sent");
    }));
});
