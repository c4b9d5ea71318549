// Screenshots of the sign-in pages for a person to look at (islands/tests/artifacts/, not committed): /login,
// /register and /resetPassword at desktop (1280x800) and phone (390x844) sizes, plain and with the states where a
// layout is most likely to break (a long error message, the countdown label on 获取验证码, the reset steps), and
// /home.
// Nothing here is asserted beyond the pages loading; the checks are in the other files.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, artifact, button, clickAndWait, closeBrowser, field, getBrowser, phone, startServer, withPage } from "./harness.mjs";
import { EMAIL_SENT, MSG, requestCode } from "./flows.mjs";

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
];

before(() => getBrowser());
after(() => closeBrowser());

describe("screenshots", () => {
  for (const { name, ...options } of VIEWPORTS) {
    it(`takes the sign-in pages at ${name} size`, async () => {
      const server = await startServer(); // each size its own, so that the admin can ask for a code in each
      try {
        await withPage(server, { js: true, ...options }, async (page) => {
        const shoot = (file) => page.screenshot({ path: artifact(`${file}-${name}.png`), fullPage: true });
        for (const path of ["/login", "/register", "/resetPassword"]) {
          const response = await page.goto(path);
          assert.equal(response.status(), 200);
          await page.evaluate(() => document.fonts.ready);
          await shoot(path.slice(1));
        }

        // A refused login.
        await page.goto("/login");
        await field(page, "account").fill("13800000000");
        await field(page, "password").fill("Wrong#pass1");
        await clickAndWait(page, button(page, "登录"));
        await shoot("login-error");

        // The longest message: the password rule.
        await page.goto("/register");
        await field(page, "account").fill(phone("133"));
        await field(page, "code").fill("123456");
        await field(page, "oldpassword").fill("abcdefgh");
        await field(page, "password").fill("abcdefgh");
        await field(page, "name").fill("截图用户");
        await field(page, "email").fill("shot@example.com");
        await field(page, "company").fill("深圳市某某跨境电子商务有限公司");
        await clickAndWait(page, button(page, "注册"));
        assert.equal((await page.locator("[data-notice]").textContent()).trim(), MSG.passwordRule);
        await shoot("register-error");

        // The countdown label on 获取验证码.
        await requestCode(page, { js: true });
        await shoot("register-countdown");

        // The 验证身份 step with a message, then 重置密码 and 完成 for the admin's e-mail account.
        await page.goto("/resetPassword");
        await field(page, "account").fill("admin@sellerhub");
        await clickAndWait(page, button(page, "下一步"));
        await shoot("resetPassword-error");
        await page.goto("/resetPassword");
        await field(page, "account").fill(ADMIN_ACCOUNT);
        const seen = server.codes.length;
        await requestCode(page, { js: true, sentText: EMAIL_SENT });
        await shoot("resetPassword-countdown");
        const sent = await server.waitForCode(ADMIN_ACCOUNT, { after: seen });
        await field(page, "code").fill(sent.code);
        await clickAndWait(page, button(page, "下一步"));
        await shoot("resetPassword-step2");
        await field(page, "password").fill("Shot#2026pass");
        await field(page, "repassword").fill("Shot#2026pass");
        await clickAndWait(page, button(page, "确定"));
        await shoot("resetPassword-step3");

        // /home, signed in.
        await page.goto("/login");
        await field(page, "account").fill(ADMIN_ACCOUNT);
        await field(page, "password").fill("Shot#2026pass");
        await clickAndWait(page, button(page, "登录"));
        assert.equal(new URL(page.url()).pathname, "/home");
        await shoot("home");
        });
      } finally {
        await server.stop();
      }
    });
  }
});
