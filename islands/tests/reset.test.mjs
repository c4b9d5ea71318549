// Resetting a forgotten password through 验证身份 -> 重置密码 -> 完成, with JavaScript on and off, for a phone
// account registered through /register (code by SMS) and for the seeded admin's e-mail account (code by e-mail);
// then the new password signs in and the old one is refused. Also every message of the reset form.
//
// The server sends one code per target per 60 s, whatever the purpose, so the phone account registered at the
// start of a mode can only ask for its reset code a minute later. The two modes therefore run side by side, each
// with its own server, and the phone reset comes last in each, so that the minute is spent only once per run.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  ADMIN_ACCOUNT,
  ADMIN_PASSWORD,
  button,
  clickAndWait,
  closeBrowser,
  field,
  getBrowser,
  MODES,
  newPage,
  phone,
  pressEnterAndWait,
  startServer,
  waitForNotice,
  withPage,
} from "./harness.mjs";
import {
  currentResetStep,
  expectHome,
  expectSignInRefused,
  MSG,
  registerCompany,
  requestCode,
  resetPassword,
  SMS_SENT,
  signIn,
  signOut,
  where,
} from "./flows.mjs";

const CODE_RESEND_MS = 60_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

before(() => getBrowser());
after(() => closeBrowser());

describe("找回密码", { concurrency: true }, () => {
  for (const { js, label } of MODES) {
    describe(label, { concurrency: 1 }, () => {
      let server;
      let codeSentAt = 0;
      const user = {
        account: phone("137"),
        password: "OldPass#2026",
        name: js ? "王五" : "赵六",
        email: js ? "wangwu@example.com" : "zhaoliu@example.com",
        company: js ? "宁波重置测试贸易有限公司" : "厦门无脚本重置有限公司",
      };

      before(async () => {
        server = await startServer();
      });
      after(() => server?.stop());

      it("registers the phone account whose password is reset below", () =>
        withPage(server, { js }, async (page) => {
          await registerCompany(page, server, { js, ...user });
          codeSentAt = Date.now(); // no earlier than the server made the registration code

        }));

      // With the script, 获取验证码 locks for 60 s and then offers itself again. This page starts the countdown now
      // and is looked at again after the phone reset's wait, when the minute is over.
      let countdownPage;
      let countdownStartedAt = 0;
      after(() => countdownPage?.context().close());
      if (js) {
        it("starts the 获取验证码 countdown (checked again once 60 s have passed)", async () => {
          countdownPage = await newPage(server, { js });
          await countdownPage.goto("/resetPassword");
          // A number with no account: the server answers as if it sent a code, and sends none.
          await field(countdownPage, "account").fill(phone("134"));
          countdownStartedAt = Date.now();
          await requestCode(countdownPage, { js, sentText: SMS_SENT });
        });
      }

      it("shows each message of the 验证身份 step", () =>
        withPage(server, { js }, async (page) => {
          const seen = server.codes.length;
          await page.goto("/resetPassword");
          assert.equal(await currentResetStep(page), "验证身份");

          // Nothing typed: both buttons say what is missing.
          await clickAndWait(page, button(page, "下一步"));
          assert.equal(await waitForNotice(page, MSG.accountEmpty, 0), MSG.accountEmpty, "下一步 with no account");
          if (js) {
            await button(page, "获取验证码").click();
            assert.equal(await waitForNotice(page, MSG.accountEmpty), MSG.accountEmpty, "获取验证码 with no account");
            await page.goto("/resetPassword");
          } else {
            await clickAndWait(page, button(page, "获取验证码"));
            assert.equal(await waitForNotice(page, MSG.accountEmpty, 0), MSG.accountEmpty, "获取验证码 with no account");
          }

          // An account with @ must be an e-mail address.
          await field(page, "account").fill("admin@sellerhub");
          await clickAndWait(page, button(page, "下一步"));
          assert.equal(await waitForNotice(page, MSG.emailBad, 0), MSG.emailBad, "下一步 with admin@sellerhub");
          assert.equal(await field(page, "account").inputValue(), "admin@sellerhub", "what was typed is kept");
          if (js) {
            await page.goto("/resetPassword");
            await field(page, "account").fill("admin@sellerhub");
            await button(page, "获取验证码").click();
            assert.equal(await waitForNotice(page, MSG.emailBad), MSG.emailBad, "获取验证码 with admin@sellerhub");
          } else {
            await clickAndWait(page, button(page, "获取验证码"));
            assert.equal(await waitForNotice(page, MSG.emailBad, 0), MSG.emailBad, "获取验证码 with admin@sellerhub");
          }

          // Anything else is a phone number.
          await page.goto("/resetPassword");
          await field(page, "account").fill("1380013800");
          await clickAndWait(page, button(page, "下一步"));
          assert.equal(await waitForNotice(page, MSG.phoneBad, 0), MSG.phoneBad, "下一步 with a 10-digit number");

          // A good account but no code: Enter in the account field means 下一步, not 获取验证码.
          await page.goto("/resetPassword");
          await field(page, "account").fill(user.account);
          await pressEnterAndWait(page, field(page, "account"));
          assert.equal(await waitForNotice(page, MSG.codeEmpty, 0), MSG.codeEmpty, "Enter with no code");
          assert.equal(await currentResetStep(page), "验证身份");

          // A code that was never sent.
          await field(page, "code").fill("123456");
          await clickAndWait(page, button(page, "下一步"));
          assert.equal(await waitForNotice(page, MSG.codeInvalid, 0), MSG.codeInvalid, "a code that was never sent");
          assert.equal(await currentResetStep(page), "验证身份");

          // The same form is also at /usercenter/resetPassword, and stays there.
          await page.goto("/usercenter/resetPassword");
          assert.equal(await currentResetStep(page), "验证身份");
          await clickAndWait(page, button(page, "下一步"));
          assert.equal(where(page), "/usercenter/resetPassword");
          assert.equal(await waitForNotice(page, MSG.accountEmpty, 0), MSG.accountEmpty, "下一步 with no account");

          assert.equal(server.codes.length, seen, "none of this sent a code");
        }));

      it("resets the admin's e-mail account (with the 重置密码 messages on the way), then signs in with the new password", () =>
        withPage(server, { js }, async (page) => {
          const newPassword = "NewAdmin#2027";
          await resetPassword(page, server, { js, account: ADMIN_ACCOUNT, channel: "email", newPassword, mistakes: true });
          await signIn(page, { account: ADMIN_ACCOUNT, password: newPassword });
          await expectHome(page, { name: "管理员", company: "演示公司" });
          await signOut(page);
          await expectSignInRefused(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
        }));

      it("resets the registered phone account, then signs in with the new password", { timeout: 120_000 }, () =>
        withPage(server, { js }, async (page) => {
          assert.ok(codeSentAt > 0, "the phone account was registered");
          // The registration code holds the phone's 60 s lock; the countdown page needs its minute too.
          const wait = Math.max(codeSentAt, countdownStartedAt) + CODE_RESEND_MS + 1000 - Date.now();
          if (wait > 0) await sleep(wait);
          if (countdownPage) {
            const sendButton = countdownPage.locator("[data-send-code]");
            // The countdown started with the server's answer, after countdownStartedAt, and ends at its next tick.
            await countdownPage.locator("[data-send-code]:enabled").waitFor();
            assert.equal((await sendButton.textContent()).trim(), "获取验证码", "after 60 s the button offers a new code");
            assert.equal(await sendButton.isDisabled(), false, "after 60 s the button can be clicked again");
            assert.deepEqual(countdownPage.scriptErrors, []);
          }
          const newPassword = "NewPhone#2027";
          await resetPassword(page, server, { js, account: user.account, channel: "sms", newPassword });
          await signIn(page, { account: user.account, password: newPassword });
          assert.equal(where(page), "/home");
          await expectHome(page, user);
          await signOut(page);
          await expectSignInRefused(page, { account: user.account, password: user.password });
        }));
    });
  }
});
