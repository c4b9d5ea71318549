// 用户与权限 as an admin uses it: on 角色授权 the admin creates a role and, in its 授权 dialog, grants it the 仓库
// group (from the keyboard); on 子账号 creates a sub-user holding that role, and edits their own row, which offers
// no roles (nobody changes their own). The sub-user, signing in in a browser of their own, sees only 仓库 in the
// rail, and a page outside it (数据字典) answers 无权限 in its frame. Then the admin disables the sub-user: their
// open page is signed out and signing in again says 账号已停用.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, phone, startServer } from "./harness.mjs";
import { signIn } from "./flows.mjs";
import { activeFrame, openFromRail, question, sayYes, shellReady, signInToShell } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

/** The texts of the toasts a tab's frame shows now. */
async function frameToasts(frame) {
  return (await frame.locator("#toasts [data-toast]").allInnerTexts()).map((t) => t.replace(/×\s*$/, "").trim());
}

async function waitForFrameToast(frame, text) {
  await frame.locator("#toasts [data-toast]", { hasText: text }).first().waitFor({ timeout: PATIENCE });
}

/** The titles of the rail's groups, in order. */
async function railTitles(page) {
  return (await page.getByRole("navigation", { name: "主菜单" }).locator("[data-rail-group] > a").allInnerTexts()).map((t) => t.trim());
}

describe("用户与权限", () => {
  let server;
  const pages = [];
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    const errors = pages.flatMap((p) => p.scriptErrors);
    for (const p of pages) await p.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  it("an admin makes a 仓库-only role and a sub-user with it, who then sees only 仓库", async () => {
    const admin = await newPage(server);
    pages.push(admin);
    await signInToShell(admin, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });

    // 角色授权: a new role, granted the 仓库 group.
    await openFromRail(admin, "系统", "角色授权");
    const roles = activeFrame(admin);
    await roles.getByRole("button", { name: "新增角色", exact: true }).click();
    const add = roles.getByRole("dialog", { name: "新增角色" });
    await add.locator('input[name="name"]').fill("仓库专员");
    await add.locator('input[name="remark"]').fill("只管仓库");
    await add.getByRole("button", { name: "保存", exact: true }).click();
    await waitForFrameToast(roles, "操作成功!");
    const row = roles.getByRole("row").filter({ hasText: "仓库专员" });
    await row.waitFor();
    assert.equal(await roles.getByRole("row").filter({ hasText: "管理员" }).getByRole("button", { name: "删除" }).count(), 0,
      "the admin role offers no 删除");

    await row.getByRole("button", { name: "授权", exact: true }).click();
    const grant = roles.getByRole("dialog", { name: "授权：仓库专员" });
    const group = grant.locator('[data-grant-group="仓库"]');
    const groupBox = group.locator(":scope > div").getByRole("checkbox");
    await groupBox.waitFor();
    assert.equal(await groupBox.isChecked(), false, "a new role holds nothing");
    // From the keyboard: Space checks the group, Enter on its ▸ button opens it.
    await groupBox.focus();
    await admin.keyboard.press("Space");
    assert.equal(await groupBox.isChecked(), true, "Space checks the 仓库 group");
    await group.getByRole("button", { name: "展开仓库" }).focus();
    await admin.keyboard.press("Enter");
    const inbound = group.getByRole("checkbox", { name: "入库单", exact: true });
    await inbound.waitFor();
    assert.equal(await inbound.isChecked(), true, "checking the group checked its links");
    assert.equal(await group.getByRole("checkbox", { name: "审核入库单", exact: true }).isChecked(), true, "and their button permissions");
    const documents = group.getByRole("checkbox", { name: "仓库单据", exact: true });
    assert.equal(await documents.isChecked(), true, "and its headings show checked");
    // Unchecking one link leaves its heading and the group mixed; checking it again makes them whole.
    await inbound.uncheck();
    assert.equal(await documents.evaluate((el) => el.indeterminate), true, "the heading is mixed");
    assert.equal(await groupBox.evaluate((el) => el.indeterminate), true, "the group is mixed");
    await inbound.check();
    assert.equal(await groupBox.evaluate((el) => el.indeterminate || !el.checked), false, "the group is whole again");
    assert.equal(await grant.locator('[data-grant-group="系统"] > div').getByRole("checkbox").isChecked(), false);
    await grant.getByRole("button", { name: "保存", exact: true }).click();
    await waitForFrameToast(roles, "授权已保存，相关账号下次操作时生效");
    await grant.waitFor({ state: "hidden" });

    // 子账号: a new user holding the role.
    await openFromRail(admin, "系统", "子账号");
    const users = activeFrame(admin);
    await users.getByRole("button", { name: "新增子账号", exact: true }).click();
    const form = users.getByRole("dialog", { name: "新增子账号" });
    const account = phone("139");
    await form.locator('input[name="account"]').fill(account);
    await form.locator('input[name="name"]').fill("仓库小王");
    await form.getByRole("checkbox", { name: "仓库专员", exact: true }).check();
    await form.locator('input[name="password"]').fill("Wh#2026pass");
    await form.locator('input[name="repassword"]').fill("Wh#2026pass");
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await waitForFrameToast(users, "操作成功!");
    const userRow = users.getByRole("row").filter({ hasText: account });
    await userRow.waitFor();
    assert.match(await userRow.innerText(), /仓库小王[\s\S]*仓库专员[\s\S]*启用/, "the new user's row shows name, role and status");
    assert.deepEqual(await frameToasts(users).then((t) => t.filter((x) => x !== "操作成功!")), [], "no error toast");

    // One's own row: nobody changes their own roles, so 编辑 does not offer them, and saving keeps them.
    const ownRow = users.getByRole("row").filter({ hasText: ADMIN_ACCOUNT });
    await ownRow.getByRole("button", { name: "编辑", exact: true }).click();
    const own = users.getByRole("dialog", { name: `编辑子账号：${ADMIN_ACCOUNT}` });
    await own.locator('input[name="name"]').waitFor();
    assert.equal(await own.getByRole("group", { name: "角色" }).count(), 0, "one's own roles are not offered");
    await own.getByRole("button", { name: "保存", exact: true }).click();
    await own.waitFor({ state: "hidden" });
    assert.match(await ownRow.innerText(), /管理员/, "saving one's own row kept its roles");

    // The sub-user, in a browser of their own, sees only 仓库.
    const clerk = await newPage(server);
    pages.push(clerk);
    await signInToShell(clerk, { account, password: "Wh#2026pass" });
    assert.deepEqual(await railTitles(clerk), ["仓库"], "the sub-user's rail shows 仓库 alone");
    await openFromRail(clerk, "仓库", "入库单");
    assert.equal(await activeFrame(clerk).locator("h1").textContent(), "入库单");
    await clerk.goto("/sys/dict?title=数据字典");
    await shellReady(clerk);
    const denied = activeFrame(clerk).locator('[data-exception="noPermission"]');
    await denied.waitFor();
    assert.match(await denied.innerText(), /无权限/, "数据字典 answers 无权限 in its frame");

    // Disabled: the sub-user's open shell is signed out, and signing in again is refused.
    await userRow.getByRole("button", { name: "停用", exact: true }).click();
    await question(users, "停用子账号“仓库小王”");
    await sayYes(users, "停用");
    await waitForFrameToast(users, "操作成功!");
    await userRow.getByRole("button", { name: "启用", exact: true }).waitFor();
    await clerk.goto("/home");
    // Signed out: /ssologin checks, then shows /login.
    await clerk.waitForURL((u) => u.pathname === "/login");
    await signIn(clerk, { account, password: "Wh#2026pass" });
    assert.match(await clerk.locator("[data-notice]").innerText(), /账号已停用/);
  });
});
