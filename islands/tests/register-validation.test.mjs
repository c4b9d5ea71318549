// Every message of the registration form, with JavaScript on and off: each bad input on its own, the order in
// which the server reports them as a person fixes the form field by field, the 获取验证码 checks, a wrong code
// and a phone that already has an account.
//
// The server's admin account is a phone number here, so that "账号已存在" can be reached at once: registering a
// phone through the form would hold its code lock for 60 s.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  button,
  clickAndWait,
  closeBrowser,
  field,
  getBrowser,
  MODES,
  noticeText,
  phone,
  pressEnterAndWait,
  startServer,
  waitForNotice,
  withPage,
} from "./harness.mjs";
import { MSG, requestCode, wrongCode } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const PASSWORD = "Seller#2026";
const FIELDS = ["account", "code", "oldpassword", "password", "name", "email", "company"];

/** Types values into the registration form, top to bottom, as a person would (empty values are cleared). */
async function fillRegister(page, values) {
  for (const name of FIELDS) {
    if (name in values) await field(page, name).fill(values[name]);
  }
}

/** The notice's messages: the items of its list when it lists several, else its one text. */
async function noticeLines(page) {
  const items = page.locator("[data-notice] li");
  if ((await items.count()) > 0) return (await items.allTextContents()).map((t) => t.trim());
  const text = await noticeText(page);
  return text ? [text] : [];
}

async function submitRegister(page, { enter = false } = {}) {
  if (enter) await pressEnterAndWait(page, field(page, "company"));
  else await clickAndWait(page, button(page, "注册"));
  assert.equal(new URL(page.url()).pathname, "/register", "a refused registration stays on /register");
}

for (const { js, label } of MODES) {
  describe(`注册表单提示 (${label})`, () => {
    let server;
    const takenPhone = phone("136");

    before(async () => {
      server = await startServer({ env: { SELLERHUB_ADMIN_ACCOUNT: takenPhone } });
    });
    after(() => server?.stop());

    const valid = () => ({
      account: phone("135"),
      code: "123456",
      oldpassword: PASSWORD,
      password: PASSWORD,
      name: "校验用户",
      email: "checker@example.com",
      company: "校验测试有限公司",
    });

    const cases = [
      { what: "no phone", change: { account: "" }, message: MSG.phoneEmpty },
      { what: "no e-mail", change: { email: "" }, message: MSG.emailEmpty },
      { what: "no user name", change: { name: "" }, message: MSG.nameEmpty },
      { what: "no company", change: { company: "" }, message: MSG.companyEmpty },
      { what: "no passwords", change: { oldpassword: "", password: "" }, message: MSG.passwordsBad },
      { what: "no repeated password", change: { password: "" }, message: MSG.passwordsBad },
      { what: "passwords that differ", change: { password: PASSWORD + "x" }, message: MSG.passwordsBad },
      { what: "no code", change: { code: "" }, message: MSG.codeEmpty },
      { what: "a 10-digit phone", change: { account: "1380013800" }, message: MSG.phoneBad },
      { what: "a phone starting 12", change: { account: "12800138000" }, message: MSG.phoneBad },
      { what: "an e-mail without @", change: { email: "checker.example.com" }, message: MSG.emailBad },
      { what: "a password of lower-case letters only", change: { oldpassword: "abcdefgh", password: "abcdefgh" }, message: MSG.passwordRule },
      { what: "a 7-character password", change: { oldpassword: "Ab#1234", password: "Ab#1234" }, message: MSG.passwordRule },
      { what: "a code that was never sent", change: { code: "654321" }, message: MSG.codeInvalid },
    ];

    it("shows the message for each bad input", () =>
      withPage(server, { js }, async (page) => {
        const seen = server.codes.length;
        for (const [i, c] of cases.entries()) {
          await page.goto("/register");
          const values = { ...valid(), ...c.change };
          await fillRegister(page, values);
          await submitRegister(page, { enter: i % 3 === 2 }); // now and then Enter instead of the button
          assert.equal(await waitForNotice(page, c.message, 0), c.message, `register with ${c.what}`);
          // What was typed comes back, except the passwords.
          for (const name of ["account", "name", "email", "company"]) {
            assert.equal(await field(page, name).inputValue(), values[name], `${name} is kept after "${c.message}"`);
          }
          assert.equal(await field(page, "oldpassword").inputValue(), "");
          assert.equal(await field(page, "password").inputValue(), "");
        }
        assert.equal(server.codes.length, seen, "no code was sent");
      }));

    it("reports the problems in the spec's order as the form is filled in field by field, every empty field at once", () =>
      withPage(server, { js }, async (page) => {
        const good = valid();
        await page.goto("/register");
        const empty = [MSG.phoneEmpty, MSG.emailEmpty, MSG.nameEmpty, MSG.companyEmpty, MSG.passwordsBad, MSG.codeEmpty];
        const steps = [
          { type: {}, messages: empty },
          { type: { account: "1380013800" }, messages: empty.slice(1) }, // a bad phone is reported later
          { type: { email: "checker.example" }, messages: empty.slice(2) }, // so is a bad e-mail
          { type: { name: good.name }, messages: empty.slice(3) },
          { type: { company: good.company }, messages: empty.slice(4) },
          { type: { oldpassword: "abcdefgh", password: "abcdefgi" }, messages: empty.slice(4) },
          { type: { oldpassword: "abcdefgh", password: "abcdefgh" }, messages: [MSG.codeEmpty] },
          { type: { code: "123456", oldpassword: "abcdefgh", password: "abcdefgh" }, messages: [MSG.phoneBad] },
          { type: { account: good.account, code: "123456", oldpassword: "abcdefgh", password: "abcdefgh" }, messages: [MSG.emailBad] },
          { type: { email: good.email, code: "123456", oldpassword: "abcdefgh", password: "abcdefgh" }, messages: [MSG.passwordRule] },
          { type: { code: "123456", oldpassword: PASSWORD, password: PASSWORD }, messages: [MSG.codeInvalid] },
        ];
        for (const s of steps) {
          await fillRegister(page, s.type);
          await submitRegister(page);
          assert.deepEqual(await noticeLines(page), s.messages, `after typing ${JSON.stringify(s.type)}`);
        }
      }));

    it("获取验证码 checks the phone first", () =>
      withPage(server, { js }, async (page) => {
        const seen = server.codes.length;
        await page.goto("/register");
        if (js) {
          await button(page, "获取验证码").click();
          assert.equal(await waitForNotice(page, MSG.mobileEmpty), MSG.mobileEmpty, "获取验证码 with no phone");
          assert.equal(await page.locator("[data-send-code]").isDisabled(), false, "no countdown when nothing was sent");
          assert.equal((await page.locator("[data-send-code]").textContent()).trim(), "获取验证码");
          await field(page, "account").fill("1380013800");
          await button(page, "获取验证码").click();
          assert.equal(await waitForNotice(page, MSG.phoneBad), MSG.phoneBad, "获取验证码 with a 10-digit phone");
          assert.equal(await page.locator("[data-send-code]").isDisabled(), false, "the countdown is cancelled when the request fails");
          assert.equal((await page.locator("[data-send-code]").textContent()).trim(), "获取验证码");
        } else {
          await clickAndWait(page, button(page, "获取验证码"));
          assert.equal(await waitForNotice(page, MSG.mobileEmpty, 0), MSG.mobileEmpty, "获取验证码 with no phone");
          await field(page, "account").fill("1380013800");
          await clickAndWait(page, button(page, "获取验证码"));
          assert.equal(await waitForNotice(page, MSG.phoneBad, 0), MSG.phoneBad, "获取验证码 with a 10-digit phone");
          assert.equal(await field(page, "account").inputValue(), "1380013800");
        }
        assert.equal(server.codes.length, seen, "no code was sent");
      }));

    it("refuses a wrong code, then takes the right one", () =>
      withPage(server, { js }, async (page) => {
        const values = valid();
        await page.goto("/register");
        await fillRegister(page, { ...values, code: "" });
        const seen = server.codes.length;
        await requestCode(page, { js });
        const sent = await server.waitForCode(values.account, { purpose: "register", after: seen });
        await fillRegister(page, { code: wrongCode(sent.code), oldpassword: PASSWORD, password: PASSWORD });
        await submitRegister(page);
        assert.equal(await waitForNotice(page, MSG.codeInvalid, 0), MSG.codeInvalid);

        // The person retypes the code from the message (and the passwords, which never come back): it still works.
        await fillRegister(page, { code: sent.code, oldpassword: PASSWORD, password: PASSWORD });
        await clickAndWait(page, button(page, "注册"));
        assert.equal(new URL(page.url()).pathname, "/login");
        assert.equal(await waitForNotice(page, "注册成功", 0), "注册成功");
      }));

    it("refuses a phone that already has an account", () =>
      withPage(server, { js }, async (page) => {
        const values = { ...valid(), account: takenPhone };
        await page.goto("/register");
        await fillRegister(page, { ...values, code: "" });
        const seen = server.codes.length;
        await requestCode(page, { js });
        const sent = await server.waitForCode(takenPhone, { purpose: "register", after: seen });
        await fillRegister(page, { code: sent.code, oldpassword: PASSWORD, password: PASSWORD });
        await submitRegister(page);
        assert.equal(await waitForNotice(page, MSG.accountTaken, 0), MSG.accountTaken);
      }));
  });
}
