// The password rule is worded once, in the spec's words (密码为数字，小写字母，大写字母，特殊符号 至少包含三种，长度为
// 8 - 30位): every screen where a password is chosen shows it under the new password's field, read with it by screen
// readers, and no placeholder words it another way (the old one suggested a symbol was required). The screens are
// 注册, 找回密码 (重置密码), 个人中心 (修改密码) and 子账号 (新增子账号, 重置密码); where a password breaking the rule is
// refused, the refusal is the same words.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, button, clickAndWait, closeBrowser, field, getBrowser, newPage, phone, startServer, waitForNotice } from "./harness.mjs";
import { MSG, requestCode, EMAIL_SENT } from "./flows.mjs";
import { activeFrame, openFromRail, signInToShell, tabFrame, waitForToast } from "./shell.mjs";

const RULE = MSG.passwordRule;

/** The accessible description of an input: the texts of the elements its aria-describedby names. */
function description(input) {
  return input.evaluate((el) =>
    (el.getAttribute("aria-describedby") || "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => el.ownerDocument.getElementById(id)?.textContent.trim() ?? "")
      .join(" "),
  );
}

/** The input shows the rule under it, visibly and as its description, and has no placeholder of its own. */
async function expectRule(input, where) {
  await input.waitFor();
  assert.equal(await description(input), RULE, `${where}: the rule describes the field`);
  const id = await input.getAttribute("aria-describedby");
  assert.equal(await input.locator(`xpath=ancestor::label//*[@id="${id}"]`).isVisible(), true, `${where}: the rule is on screen`);
  assert.equal(await input.getAttribute("placeholder"), null, `${where}: no placeholder words the rule another way`);
}

before(() => getBrowser());
after(() => closeBrowser());

describe("密码规则", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer();
    page = await newPage(server);
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  it("注册 shows the rule under 密码", async () => {
    await page.goto("/register");
    await expectRule(field(page, "oldpassword"), "注册");
  });

  it("找回密码 shows the rule under 新密码 and refuses a password breaking it in the same words", async () => {
    await page.goto("/resetPassword");
    await field(page, "account").fill(ADMIN_ACCOUNT);
    const seen = server.codes.length;
    await requestCode(page, { js: true, sentText: EMAIL_SENT });
    const sent = await server.waitForCode(ADMIN_ACCOUNT, { purpose: "losepassword", after: seen });
    await field(page, "code").fill(sent.code);
    await clickAndWait(page, button(page, "下一步"));
    await expectRule(field(page, "password"), "重置密码");

    // Letters only: one kind of character, not three.
    await field(page, "password").fill("abcdefgh");
    await field(page, "repassword").fill("abcdefgh");
    await clickAndWait(page, button(page, "确定"));
    assert.equal(await waitForNotice(page, RULE), RULE);
    await expectRule(field(page, "password"), "重置密码 after the refusal");
  });

  it("个人中心 shows the rule under 新密码 of 修改密码", async () => {
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    await page.locator('[data-island="account"] button[aria-haspopup="menu"]').click();
    await page.locator('[data-island="account"]').getByRole("menuitem", { name: "个人中心" }).click();
    const frame = await tabFrame(page, "个人中心");
    await frame.getByRole("navigation", { name: "个人中心" }).waitFor();
    await expectRule(frame.locator("#password-password"), "修改密码");
  });

  it("子账号 shows the rule under 密码 of 新增子账号 and 新密码 of 重置密码, and refuses a password breaking it in the same words", async () => {
    await openFromRail(page, "系统", "子账号");
    const users = activeFrame(page);
    await users.getByRole("button", { name: "新增子账号", exact: true }).click();
    const add = users.getByRole("dialog", { name: "新增子账号" });
    const password = add.locator('input[name="password"]');
    await expectRule(password, "新增子账号");

    const account = phone("136");
    await add.locator('input[name="account"]').fill(account);
    await add.locator('input[name="name"]').fill("包装小李");
    // Eight digits: one kind of character, not three.
    await password.fill("20262026");
    await add.locator('input[name="repassword"]').fill("20262026");
    await add.getByRole("button", { name: "保存", exact: true }).click();
    await add.getByRole("alert").getByText(RULE, { exact: true }).waitFor();

    // Three kinds without a symbol are enough.
    await password.fill("Pack2026pass");
    await add.locator('input[name="repassword"]').fill("Pack2026pass");
    await add.getByRole("button", { name: "保存", exact: true }).click();
    await add.waitFor({ state: "detached" });
    assert.ok((await waitForToast(users, "操作成功!")).includes("操作成功!"));

    const row = users.getByRole("row").filter({ hasText: account });
    await row.getByRole("button", { name: "重置密码", exact: true }).click();
    const reset = users.getByRole("dialog", { name: `重置密码：${account}` });
    await expectRule(reset.locator('input[name="password"]'), "重置密码 of a sub-user");
    await reset.getByRole("button", { name: "取消", exact: true }).click();
    await reset.waitFor({ state: "detached" });
  });
});
