// Registering a company and the sign-in round trip, with JavaScript on and off:
// register -> /login 注册成功 -> sign in -> /home (the shell) shows name and company -> 退出 (登出成功!) -> /home sends
// to login.
// And the remembered address: /home signed out -> sign in -> back on /home.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, MODES, phone, startServer, withPage } from "./harness.mjs";
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
        await expectHome(page, { ...user, js });

        await signOut(page, { js });
        await openHomeSignedOut(page);
      }));

    it("remembers the address: /home signed out, sign in, back on /home", () =>
      withPage(server, { js }, async (page) => {
        await openHomeSignedOut(page);
        // Enter in the password field submits, as on any login form.
        await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD, enter: true });
        assert.equal(where(page), "/home");
        await expectHome(page, { name: "管理员", company: "演示公司", js });
      }));
  });
}
