// 标签分组, 标签 and 操作日志 in the shell, as the seeded admin: create a tag group and a tag in it, edit the tag,
// be refused deleting the group while it has the tag (标签分组下还有标签，不能删除), delete the tag then the group, and
// find every one of those changes, and not the refused one, in 系统 > 操作日志, newest first.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { clickTab, openFromRail, question, sayYes, signInToShell, tabFrame, tableLoaded, waitForToast } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("标签与操作日志", () => {
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

  /** The table row showing text, in a tab's frame. */
  const row = (frame, text) => frame.locator("tbody tr").filter({ hasText: text });

  /** Fills the open form dialog's fields (inputs and selects by name) and saves it. */
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

  it("creates a group and a tag, edits the tag, refuses deleting the group, then deletes both", async () => {
    await openFromRail(page, "系统", "标签分组");
    const groups = await tabFrame(page, "标签分组");
    await groups.getByRole("button", { name: "新增标签分组", exact: true }).click();
    await fillAndSave(groups, { name: "颜色", remark: "按颜色区分" });
    await expectToast(groups, "操作成功!");
    await row(groups, "颜色").waitFor();
    assert.match(await row(groups, "颜色").innerText(), /按颜色区分/);

    await openFromRail(page, "系统", "标签");
    const tags = await tabFrame(page, "标签");
    await tags.getByRole("button", { name: "新增标签", exact: true }).click();
    await fillAndSave(tags, { name: "红色", groupId: "颜色" });
    await expectToast(tags, "操作成功!");
    await row(tags, "红色").waitFor();
    assert.match(await row(tags, "红色").innerText(), /颜色/, "the tag's row names its group");

    await row(tags, "红色").getByRole("button", { name: "编辑", exact: true }).click();
    await fillAndSave(tags, { name: "大红", remark: "热卖色" });
    await row(tags, "大红").waitFor();
    assert.match(await row(tags, "大红").innerText(), /热卖色/);
    assert.equal(await row(tags, "红色").filter({ hasNotText: "大红" }).count(), 0, "the old name is gone");

    await clickTab(page, "标签分组");
    await row(groups, "颜色").getByRole("button", { name: "删除", exact: true }).click();
    await sayYes(groups, "删除");
    await expectToast(groups, "标签分组下还有标签，不能删除");
    assert.equal(await row(groups, "颜色").count(), 1, "the group is still there");

    await clickTab(page, "标签");
    await row(tags, "大红").getByRole("button", { name: "删除", exact: true }).click();
    await question(tags, "删除标签“大红”");
    await sayYes(tags, "删除");
    await expectToast(tags, "操作成功!");
    await tags.getByText("暂无数据！").waitFor();

    await clickTab(page, "标签分组");
    await row(groups, "颜色").getByRole("button", { name: "删除", exact: true }).click();
    await sayYes(groups, "删除");
    await expectToast(groups, "操作成功!");
    await groups.getByText("暂无数据！").waitFor();
  });

  it("finds those changes in 操作日志, newest first, and filters them by action", async () => {
    await openFromRail(page, "系统", "操作日志");
    const log = await tabFrame(page, "操作日志");
    await log.locator("tbody tr").first().waitFor();
    await tableLoaded(log);
    const actionColumn = async () => {
      const heads = (await log.locator("thead th").allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
      const i = heads.indexOf("操作");
      assert.ok(i >= 0, `an 操作 column: ${heads}`);
      return log.locator(`tbody tr td:nth-child(${i + 1})`).allInnerTexts();
    };
    assert.deepEqual(await actionColumn(), ["删除标签分组", "删除标签", "编辑标签", "新增标签", "新增标签分组"]);
    const edit = await row(log, "编辑标签").innerText();
    assert.match(edit, /大红/, "the edit's detail shows what was sent");
    assert.match(edit, /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/, "and when");

    await log.locator('input[name="action"]').fill("标签分组");
    await log.getByRole("button", { name: "查询", exact: true }).click();
    // The table reloads after the click: wait for the filtered rows.
    const want = ["删除标签分组", "新增标签分组"];
    let got;
    for (const deadline = Date.now() + PATIENCE; Date.now() < deadline; await sleep(50)) {
      got = await actionColumn();
      if (JSON.stringify(got) === JSON.stringify(want)) break;
    }
    assert.deepEqual(got, want);
  });
});
