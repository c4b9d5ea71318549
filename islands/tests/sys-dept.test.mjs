// 部门 in the shell, as the seeded admin: create 销售部 and under it 华东组, rename 华东组, be refused deleting 销售部
// while 华东组 is under it (请先删除下级部门), collapse and expand the branch from the keyboard, then delete 华东组 and
// 销售部.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, question, sayYes, signInToShell, tabFrame, waitForToast } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("部门", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** The row of the department named name. */
  const node = (frame, name) => frame.locator(`[data-node="${name}"]`);
  /** The department names in the order the tree shows them. */
  const names = (frame) => frame.locator("[data-node]").evaluateAll((rows) => rows.map((r) => r.dataset.node));

  async function fillAndSave(frame, values) {
    const dialog = frame.locator("dialog[open]");
    await dialog.waitFor();
    for (const [name, value] of Object.entries(values)) {
      const select = dialog.locator(`select[name="${name}"]`);
      if (await select.count()) await select.selectOption({ label: value });
      else await dialog.locator(`input[name="${name}"]`).fill(value);
    }
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
  }

  async function expectToast(frame, text) {
    const seen = await waitForToast(frame, text);
    assert.ok(seen.includes(text), `toast ${text}: saw ${JSON.stringify(seen)}`);
  }

  it("creates, renames, refuses and deletes departments in the tree", async () => {
    await openFromRail(page, "系统", "部门");
    const depts = await tabFrame(page, "部门");
    await depts.getByText("暂无数据！").waitFor();

    await depts.getByRole("button", { name: "新增部门", exact: true }).click();
    await fillAndSave(depts, { name: "销售部", remark: "卖货" });
    await expectToast(depts, "操作成功!");
    await node(depts, "销售部").waitFor();

    await depts.getByRole("button", { name: "新增下级：销售部", exact: true }).click();
    const dialog = depts.locator("dialog[open]");
    await dialog.waitFor();
    assert.equal(await dialog.locator('select[name="parentId"] option:checked').innerText(), "销售部", "the parent is chosen");
    await fillAndSave(depts, { name: "华东组" });
    await node(depts, "华东组").waitFor();
    assert.deepEqual(await names(depts), ["销售部", "华东组"]);
    const indent = async (name) => parseFloat(await node(depts, name).evaluate((el) => getComputedStyle(el).paddingLeft));
    assert.ok((await indent("华东组")) > (await indent("销售部")), "the child is indented under its parent");

    await depts.getByRole("button", { name: "编辑：华东组", exact: true }).click();
    await fillAndSave(depts, { name: "华东大区" });
    await node(depts, "华东大区").waitFor();
    assert.deepEqual(await names(depts), ["销售部", "华东大区"]);

    await depts.getByRole("button", { name: "删除：销售部", exact: true }).click();
    await question(depts, "删除部门“销售部”");
    await sayYes(depts, "删除");
    await expectToast(depts, "请先删除下级部门");
    assert.deepEqual(await names(depts), ["销售部", "华东大区"], "nothing was deleted");

    // The branch closes and opens from the keyboard.
    const toggle = depts.getByRole("button", { name: "收起销售部", exact: true });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await node(depts, "华东大区").waitFor({ state: "detached" });
    const expand = depts.getByRole("button", { name: "展开销售部", exact: true });
    assert.equal(await expand.getAttribute("aria-expanded"), "false");
    await expand.focus();
    await page.keyboard.press(" ");
    await node(depts, "华东大区").waitFor();

    await depts.getByRole("button", { name: "删除：华东大区", exact: true }).click();
    await sayYes(depts, "删除");
    await expectToast(depts, "操作成功!");
    await node(depts, "华东大区").waitFor({ state: "detached" });
    await depts.getByRole("button", { name: "删除：销售部", exact: true }).click();
    await sayYes(depts, "删除");
    await depts.getByText("暂无数据！").waitFor();
  });
});
