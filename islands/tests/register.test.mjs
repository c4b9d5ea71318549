// Registering a company and the sign-in round trip, with JavaScript on and off:
// register -> /login 注册成功 -> sign in -> /home shows name and company -> 退出 (登出成功!) -> /home sends to login.
// And the remembered address: /home signed out -> sign in -> back on /home.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, field, getBrowser, MODES, phone, startServer, waitForNotice, withPage } from "./harness.mjs";
import { expectHome, openHomeSignedOut, registerCompany, signIn, signOut, where } from "./flows.mjs";

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
        await page.waitForURL((u) => u.pathname === "/login", { timeout: 5000 });
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
        await page.waitForURL((u) => u.pathname === "/login", { timeout: 5000 });
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
